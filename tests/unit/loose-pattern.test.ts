import { describe, expect, it } from "vitest";
import { loosePattern } from "@/lib/requests/request-text-search";

describe("loosePattern (the search's pattern for the trigram indexes)", () => {
  it.each([
    ["Sweet Street", "%Sweet%Street%"],
    ["Garden Crazy Me", "%Garden%Crazy Me%"],
    ["Mountain Oh On", "%Mountain Oh On%"],
    ["The Everything Music 173377", "%The%Everything%Music%173377%"],
    ["jolene", "%jolene%"],
    ["rock'n'roll", "%rock'n'roll%"],
    ["Café  Crème", "%Café%Crème%"],
  ])("opens only the spaces between words of three letters or more: %s", (text, pattern) => {
    expect(loosePattern(text)).toBe(pattern);
  });

  it("escapes what it keeps, so % and _ stay characters", () => {
    expect(loosePattern("The 100% Band")).toBe("%The%100%Band%");
    expect(loosePattern("100%_")).toBe("%100\\%\\_%");
    expect(loosePattern("a_b c")).toBe("%a\\_b c%");
  });
});
