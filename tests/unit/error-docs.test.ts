import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ERROR_CODES, statusOfCode } from "@/lib/errors";
import { ERROR_DOCS } from "@/lib/openapi/error-docs";

/** The rows of docs/api-guide.md's table "Errors, by code": code, status, when. */
function guideRows() {
  const guide = readFileSync("docs/api-guide.md", "utf8");
  const section = guide.slice(guide.indexOf("## Errors, by code"));
  const table = section.slice(0, section.indexOf("\n\n", section.indexOf("| code |")));
  return table
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .map((line) => {
      const [code, status, ...when] = line.slice(2, -2).split(" | ");
      return { code: code!.replaceAll("`", ""), status: Number(status), when: when.join(" | ") };
    });
}

describe("the errors page's catalogue (lib/openapi/error-docs.ts)", () => {
  it("has every code the API can answer, once", () => {
    const codes = ERROR_DOCS.map((d) => d.code);
    expect([...codes].sort()).toEqual([...ERROR_CODES, "internal_error"].sort());
    expect(new Set(codes).size).toBe(codes.length);
  });

  it("is the guide's table, word for word, with each code's status", () => {
    const rows = guideRows();
    expect(rows.map(({ code, when }) => ({ code, when }))).toEqual(
      ERROR_DOCS.map(({ code, when }) => ({ code, when })),
    );
    for (const row of rows)
      expect(row.status, row.code).toBe(row.code === "internal_error" ? 500 : statusOfCode(row.code as never));
  });
});
