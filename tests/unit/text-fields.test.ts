import { describe, expect, it } from "vitest";
import { z } from "zod";
import { DomainError } from "@/lib/errors";
import { TEXT_LIMITS } from "@/lib/input-text";
import { optionalMultiLineText, optionalText, parseInput, requiredText } from "@/lib/validation";

const body = z.strictObject({
  filename: requiredText("filename"),
  city: optionalText("name"),
  notes: optionalMultiLineText("note"),
});

/** The errors[] a body is refused with, or "accepted". */
function outcome(value: Record<string, unknown>) {
  try {
    parseInput(body, { filename: "sales.csv", ...value });
    return "accepted";
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    return { status: e.status, code: e.code, paths: e.errors?.map((x) => x.path) };
  }
}
const refused = (path: string) => ({ status: 400, code: "validation_failed", paths: [path] });

describe("one-line and multi-line text", () => {
  it.each([
    ["right-to-left override in a filename", { filename: "invoice\u202Egpj.csv" }, refused("filename")],
    ["left-to-right embedding", { filename: "a\u202Ab" }, refused("filename")],
    ["pop directional formatting", { city: "a\u202Cb" }, refused("city")],
    ["first strong isolate", { city: "a\u2068b" }, refused("city")],
    ["pop directional isolate", { city: "a\u2069b" }, refused("city")],
    ["left-to-right mark", { city: "a\u200Eb" }, refused("city")],
    ["right-to-left mark", { city: "a\u200Fb" }, refused("city")],
    ["Arabic letter mark", { city: "a\u061Cb" }, refused("city")],
    ["carriage return", { city: "a\rb" }, refused("city")],
    ["line feed", { city: "a\nb" }, refused("city")],
    ["line separator", { city: "a\u2028b" }, refused("city")],
    ["paragraph separator", { city: "a\u2029b" }, refused("city")],
    ["next line", { city: "a\u0085b" }, refused("city")],
    ["a lone surrogate", { city: "a\ud800b" }, refused("city")],
    ["NUL", { city: "a\u0000b" }, refused("city")],
    ["a note keeps its line breaks and tabs", { notes: "line one\r\nline two\n\tindented\u2028" }, "accepted"],
    ["a note refuses a direction override", { notes: "a\u202Eb" }, refused("notes")],
    ["a note refuses other controls", { notes: "a\u0007b" }, refused("notes")],
    ["right-to-left text itself is fine", { city: "القاهرة", notes: "שלום" }, "accepted"],
    ["an emoji (a surrogate pair) is fine", { city: "Köln 🎵" }, "accepted"],
    ["a name at its limit", { city: "x".repeat(TEXT_LIMITS.name) }, "accepted"],
    ["a name past its limit", { city: "x".repeat(TEXT_LIMITS.name + 1) }, refused("city")],
    ["a note at its limit", { notes: "x".repeat(TEXT_LIMITS.note) }, "accepted"],
    ["a note past its limit", { notes: "x".repeat(TEXT_LIMITS.note + 1) }, refused("notes")],
  ])("%s", (_name, value, expected) => {
    expect(outcome(value)).toEqual(expected);
  });

  it("says what is wrong with a one-line field", () => {
    expect(() => parseInput(body, { filename: "a\u202Eb" })).toThrow(/filename: must be one line/);
  });
});
