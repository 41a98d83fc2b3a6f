import { describe, expect, it } from "vitest";
import { medleyWholeMove, type PartStatus } from "@/lib/requests/medley-whole-status";
import type { StatusCode } from "@/lib/requests/statuses";

const p = (code: StatusCode, reason: PartStatus["reason"] = null): PartStatus => ({ code, reason });

describe("a medley whole follows its song parts (docs/product-rules.md, 'Medleys')", () => {
  it.each([
    ["stays new while a part is new", "new", [p("ready"), p("new")], null],
    ["becomes ready once every part is ready", "new", [p("ready"), p("ready")], "ready"],
    ["counts a part waiting for payment as ready", "new", [p("need_payment"), p("ready")], "ready"],
    ["becomes ready from need_info when the parts are", "need_info", [p("ready"), p("need_payment")], "ready"],
    ["goes back to new when a part goes back to need_info", "ready", [p("need_info"), p("ready")], "new"],
    ["begins licensing when licensing begins on a part", "ready", [p("in_progress"), p("need_payment")], "in_progress"],
    ["stays in progress while a part is still waiting", "in_progress", [p("licensed"), p("ready")], null],
    ["is licensed when every part is", "in_progress", [p("licensed"), p("licensed")], "licensed"],
    ["ignores parts the client cancelled", "in_progress", [p("licensed"), p("cancelled"), p("licensed")], "licensed"],
    [
      "cannot be licensed when a part cannot",
      "in_progress",
      [p("licensed"), p("cannot_license", "changed_lyrics")],
      "cannot_license",
    ],
    ["never becomes ready with fewer than two parts", "new", [p("ready")], null],
    ["stays put when every part was cancelled", "new", [p("cancelled"), p("cancelled")], null],
    ["never leaves licensed", "licensed", [p("cannot_license", "other"), p("licensed")], null],
    ["never leaves cancelled", "cancelled", [p("ready"), p("ready")], null],
  ] as const)("%s", (_name, current, parts, to) => {
    expect(medleyWholeMove(current, parts)?.to ?? null).toBe(to);
  });

  it("takes the reason of the part that cannot be licensed", () => {
    expect(medleyWholeMove("ready", [p("ready"), p("cannot_license", "not_us_copyright")])).toMatchObject({
      to: "cannot_license",
      reason: "not_us_copyright",
    });
  });
});
