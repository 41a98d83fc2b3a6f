import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { columnOfPath, CSV_COLUMNS, rowFromCells } from "@/lib/imports/csv-columns";

describe("import CSV columns", () => {
  it("build a POST /api/requests body from the cells, leaving out empty ones and reading numbers, lengths and yes/no", () => {
    expect(
      rowFromCells({
        albumKey: "k",
        albumTitle: " Covers ",
        licenseeId: "",
        releaseFormat: "1002",
        releaseQuantity: "lots",
        trackLength: "3:05",
        medley: "Yes",
        songTitle: "Song",
      }),
    ).toEqual({
      albumKey: "k",
      track: {
        album: { title: "Covers" },
        releases: [{ formatId: 1002, releaseQuantity: "lots" }],
        lengthInSeconds: 185,
        medley: true,
        song: { title: "Song" },
      },
    });
  });

  it("show an error's field on its column, or on the first column under it", () => {
    expect(columnOfPath("track.releases.0.releaseQuantity")).toBe("releaseQuantity");
    expect(columnOfPath("track.album.licensee")).toBe("licenseeId");
    expect(columnOfPath("track.releases.0")).toBe("releaseId");
    expect(columnOfPath("rows")).toBeNull();
  });

  it("are each documented in docs/imports.md", () => {
    const doc = readFileSync("docs/imports.md", "utf8");
    expect(
      CSV_COLUMNS.filter((c) => !doc.includes(`| \`${c.name}\` | \`${c.path.join(".")}\` |`)).map((c) => c.name),
    ).toEqual([]);
  });
});
