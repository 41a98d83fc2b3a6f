import { describe, expect, it } from "vitest";
import { describeFieldErrors, fieldLabel } from "@/lib/forms/field-labels";

describe("the one mapping from an error's field path to the page's label", () => {
  it.each([
    ["release.releaseMonth", "Release month"],
    ["release.expectedOutletsOfDistribution", "Outlets"],
    ["expectedOutletsOfDistribution", "Outlets"],
    ["release.formatId", "Format"],
    ["releaseQuantity", "Units"],
    ["album.title", "Album title"],
    ["album.artist", "Album artist"],
    ["album.licensee.email", "Licensee email"],
    ["album.licensee.phone1", "Licensee phone"],
    ["tracks.0.song.title", "Track 1 song title"],
    ["tracks.2.parts.1.lengthInSeconds", "Track 3 part 2 length"],
    ["tracks.0.parts", "Track 1 song parts"],
    ["track.releases.0.releaseYear", "Release year"],
    ["owners.1.share", "Share"],
    ["someNewField", "Some new field"],
    ["", "The form"],
  ])("%s → %s", (path, label) => {
    expect(fieldLabel(path)).toBe(label);
  });

  it("writes a form's message from labels, never from paths", () => {
    const message = describeFieldErrors([
      { path: "release.releaseMonth", message: "must be an integer from 1 to 12" },
      { path: "release.expectedOutletsOfDistribution", message: "Streaming needs a summary" },
    ]);
    expect(message).toBe("Release month: must be an integer from 1 to 12; Outlets: Streaming needs a summary");
  });
});
