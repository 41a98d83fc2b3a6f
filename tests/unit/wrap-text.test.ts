import { describe, expect, it } from "vitest";
import { wrapText } from "@/lib/pdf/wrap-text";

// Every character one unit wide, counting how often a width is asked for.
const counting = () => {
  let calls = 0;
  return {
    advance: () => {
      calls++;
      return 1;
    },
    calls: () => calls,
  };
};

describe("wrapText", () => {
  it("breaks at spaces, and inside a word longer than a line", () => {
    const { advance } = counting();
    expect(wrapText("one two three four", 9, advance)).toEqual(["one two", "three", "four"]);
    expect(wrapText("abcdefghijklmnopqrstuvwxy and more", 10, advance)).toEqual([
      "abcdefghij",
      "klmnopqrst",
      "uvwxy and",
      "more",
    ]);
    expect(wrapText("first\nsecond", 100, advance)).toEqual(["first", "second"]);
  });

  it("puts at least one character on a line, however narrow", () => {
    expect(wrapText("abc", 0.5, () => 1)).toEqual(["a", "b", "c"]);
  });

  it("measures each character about once: twice the text, twice the work", () => {
    const work = (length: number) => {
      const measure = counting();
      const lines = wrapText("u".repeat(length), 80, measure.advance);
      expect(lines.join("")).toHaveLength(length);
      expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(80);
      return measure.calls();
    };
    const [short, long] = [work(2_000), work(4_000)];
    expect(short).toBeLessThanOrEqual(2_000 + 1);
    expect(long / short).toBeLessThan(2.1);
  });
});
