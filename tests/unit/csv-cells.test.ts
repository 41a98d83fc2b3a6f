import { describe, expect, it } from "vitest";
import { toCsv } from "@/lib/statements/csv";

/** The one data row's text as written (header "h", CRLF line ends). */
const written = (value: string | number | null) => toCsv(["h"], [[value]]).slice("h\r\n".length, -2);

describe("CSV cells", () => {
  it.each([
    ["plain", "Blue Train", "Blue Train"],
    ["null", null, ""],
    ["a number is written as it is", -12.5, "-12.5"],
    ["a comma", "a,b", '"a,b"'],
    ["a semicolon", "a;b", '"a;b"'],
    ["a tab", "a\tb", '"a\tb"'],
    ["a quote", 'say "hi"', '"say ""hi"""'],
    ["a line break", "a\nb", '"a\nb"'],
    ["a formula at the start", "=1+1", `"'=1+1"`],
    ["a plus at the start", "+1", `"'+1"`],
    ["a minus at the start", "-1", `"'-1"`],
    ["an at sign at the start", "@SUM(A1)", `"'@SUM(A1)"`],
    ["a tab at the start", "\t=1", `"'\t=1"`],
    ["a carriage return at the start", "\r=1", `"'\r=1"`],
    ["a formula after a semicolon", "k;=1+1", `"k;'=1+1"`],
    ["a formula after a comma", "k,=1+1", `"k,'=1+1"`],
    ["a formula after a tab", "k\t@x", `"k\t'@x"`],
    ["a minus inside a word is left alone", "Jean-Luc", "Jean-Luc"],
  ])("%s", (_name, value, expected) => {
    expect(written(value)).toBe(expected);
  });

  it("keeps every row on its own line with the header first", () => {
    expect(
      toCsv(
        ["a", "b"],
        [
          ["x", 1],
          [null, "=y"],
        ],
      ),
    ).toBe(`a,b\r\nx,1\r\n,"'=y"\r\n`);
  });
});
