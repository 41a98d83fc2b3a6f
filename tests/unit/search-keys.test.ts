import { describe, expect, it } from "vitest";
import { searchKeys } from "@/lib/requests/request-text-search";

const keys = (text: string) => searchKeys(text, 7).sort();

describe("searchKeys (what the per-account search index is asked for)", () => {
  it.each([
    ["Boy Rain", ["7:ain", "7:boy", "7:rai"]],
    ["JOLENE", ["7:ene", "7:jol", "7:len", "7:ole"]],
    ["The 100% Band", ["7:100", "7:and", "7:ban", "7:the"]],
    ["Café Nights", ["7:caf", "7:ght", "7:hts", "7:igh", "7:nig"]],
  ])(
    "takes each three ASCII letters or digits in a row, lowercased, and no padding between long words: %s",
    (text, want) => {
      expect(keys(text)).toEqual(want);
    },
  );

  it.each([
    ["Of Daddy", ["7:  d", "7: da", "7:add", "7:dad", "7:ddy", "7:of "]],
    [
      "Mountain Oh On",
      ["7:  o", "7: oh", "7: on", "7:ain", "7:in ", "7:mou", "7:nta", "7:oh ", "7:oun", "7:tai", "7:unt"],
    ],
    ["a b", ["7:  b"]],
  ])("pads the words around a short one, where a separator surely ends them: %s", (text, want) => {
    expect(keys(text)).toEqual(want);
  });

  it("claims no word edge beside a letter pg_trgm may or may not count as one", () => {
    // "Olé" may end at "l" for pg_trgm (é not a letter in its locale) or not: no "ol " key either way.
    expect(keys("Olé Oh")).toEqual(["7:  o", "7: oh"]);
  });

  it.each([
    ["one or two characters", "77"],
    ["no ASCII letters or digits", "東京タワー"],
  ])("has no key for %s", (_case, text) => {
    expect(searchKeys(text, 7)).toEqual([]);
  });
});
