import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// docs/decisions/README.md gives the form of a record: a title, Context, Decision and Consequences, about 40 lines,
// no dated figures or measurements (those are in benchmark output and docs/performance.md).
const DIR = "docs/decisions";
const records = readdirSync(DIR).filter((f) => f.endsWith(".md") && f !== "README.md");
const read = (file: string) => readFileSync(path.join(DIR, file), "utf8");
const linksIn = (text: string) => [...text.matchAll(/\]\(([^)#]+\.md)\)/g)].map((m) => m[1]!);

describe("decision records", () => {
  it("are each listed once in the index, which lists no missing record", () => {
    const index = linksIn(read("README.md"));
    expect(records.filter((f) => index.filter((l) => l === f).length !== 1)).toEqual([]);
    expect(index.filter((l) => !records.includes(l))).toEqual([]);
  });

  it("have a title and Context, Decision and Consequences in that order, in about 40 lines", () => {
    const misshapen = records.filter((f) => {
      const text = read(f);
      const sections = [...text.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
      return (
        !text.startsWith("# ") ||
        sections.join() !== "Context,Decision,Consequences" ||
        text.trimEnd().split("\n").length > 45
      );
    });
    expect(misshapen).toEqual([]);
  });

  it("hold no dated figures or timings", () => {
    const dated = records.filter((f) => /\b20\d\d-\d\d-\d\d\b|\d\s?(ms|µs)\b/.test(read(f)));
    expect(dated).toEqual([]);
  });

  it("link only to records that exist", () => {
    const broken = records.flatMap((f) =>
      linksIn(read(f))
        .filter((l) => !existsSync(path.join(DIR, l)))
        .map((l) => `${f} -> ${l}`),
    );
    expect(broken).toEqual([]);
  });
});
