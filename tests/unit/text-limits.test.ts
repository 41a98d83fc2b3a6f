import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { TEXT_LIMITS } from "@/lib/input-text";

// The API guide's table of text limits is the one the code applies: a limit changed in lib/input-text.ts must be
// changed in the guide too.
const guide = readFileSync("docs/api-guide.md", "utf8");
const section = guide.slice(
  guide.indexOf("## Text fields"),
  guide.indexOf("\n## ", guide.indexOf("## Text fields") + 1),
);

describe("text limits", () => {
  it("are documented in the API guide, each kind with its limit, no more and no fewer", () => {
    const rows = [...section.matchAll(/^\| (\w+) \| (\d+) \|/gm)].map((m) => [m[1], Number(m[2])]);
    expect(Object.fromEntries(rows)).toEqual(TEXT_LIMITS);
  });
});
