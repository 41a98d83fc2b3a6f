import { describe, expect, it } from "vitest";
import { albumPatchFields } from "@/lib/albums/patch-album";
import { parsePatch } from "@/lib/patch/parse-patch";
import { trackPatchFields } from "@/lib/requests/patch-track";

describe("JSON Patch documents (docs/product-rules.md, 'JSON Patch')", () => {
  it("accepts replace and add, with or without a leading slash; the last of a repeated path wins", () => {
    const changes = parsePatch(
      [
        { op: "replace", path: "/title", value: "A" },
        { op: "add", path: "artist", value: "B" },
        { op: "replace", path: "title", value: "C" },
      ],
      albumPatchFields,
    );
    expect(Object.fromEntries(changes)).toEqual({ title: "C", artist: "B" });
  });

  it("reads song fields as song/FIELD", () => {
    const changes = parsePatch([{ op: "replace", path: "/song/notes", value: "live version" }], trackPatchFields);
    expect(changes.get("song/notes")).toBe("live version");
  });

  it.each([
    ["an object", { op: "replace", path: "title", value: "x" }, ""],
    ["null", null, ""],
    ["a non-object operation", ["title"], "0"],
    ["an operation without value", [{ op: "replace", path: "title" }], "0"],
    ["another op", [{ op: "remove", path: "title", value: "x" }], "0.op"],
    ["remove, which has no value", [{ op: "remove", path: "title" }], "0.op"],
    ["an unknown path", [{ op: "replace", path: "colour", value: "x" }], "0.path"],
    ["a read-only path", [{ op: "replace", path: "id", value: 3 }], "0.path"],
    ["a mistyped value", [{ op: "replace", path: "title", value: 42 }], "0.value"],
    ["an empty title", [{ op: "replace", path: "title", value: "  " }], "0.value"],
  ])("refuses %s with invalid_patch naming the place", (_label, body, path) => {
    expect(() => parsePatch(body, albumPatchFields)).toThrow(
      expect.objectContaining({
        code: "invalid_patch",
        errors: expect.arrayContaining([expect.objectContaining({ path })]),
      }),
    );
  });

  it("requires an integer length", () => {
    expect(() => parsePatch([{ op: "replace", path: "lengthInSeconds", value: "200" }], trackPatchFields)).toThrow(
      expect.objectContaining({ code: "invalid_patch" }),
    );
    expect(() => parsePatch([{ op: "replace", path: "lengthInSeconds", value: 20.5 }], trackPatchFields)).toThrow(
      expect.objectContaining({ code: "invalid_patch" }),
    );
  });
});
