import type { ResolverOptions } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { wizardResolver } from "@/components/request-wizard/wizard-resolver";
import { emptyAlbumTrack, emptyValues, formPath, stepOf, toInput, type WizardValues } from "@/components/request-wizard/wizard-values";
import { createAlbumRequestsSchema } from "@/lib/requests/album-requests-schema";

function filled(): WizardValues {
  const v = emptyValues();
  v.newLicensee.companyName = "Acme Music";
  v.newLicensee.email = "rights@acme-music.com";
  v.newAlbum = { title: "Covers", artist: "The Band" };
  v.release.formatId = "1001";
  v.release.releaseQuantity = "1000";
  v.tracks[0]!.song.title = "Yesterday";
  v.tracks[0]!.song.originalRecordingArtist = "The Beatles";
  return v;
}

const resolve = (values: WizardValues, today = { year: 2026, month: 3, day: 25 }) =>
  Promise.resolve(wizardResolver(today)(values, undefined, {} as ResolverOptions<WizardValues>));

describe("the wizard's values", () => {
  it("become the input of createAlbumRequests, which its schema accepts", () => {
    const v = filled();
    v.tracks.push({ ...emptyAlbumTrack(), medley: true, song: { ...emptyAlbumTrack().song, title: "Medley", composer: "Various" } });
    v.tracks[1]!.parts = [{ ...emptyAlbumTrack(), lengthInSeconds: "95", song: { ...emptyAlbumTrack().song, title: "Part", composer: "X" } }];
    const parsed = createAlbumRequestsSchema.parse(toInput(v));
    expect(parsed.album).toMatchObject({ title: "Covers", licensee: { companyName: "Acme Music", phone1: null } });
    expect(parsed.release).toMatchObject({ formatId: 1001, releaseQuantity: 1000, releaseMonth: null, releaseYear: null });
    expect(parsed.tracks[0]).toMatchObject({ lengthInSeconds: null, medley: false, parts: [] });
    expect(parsed.tracks[1]!.parts[0]).toMatchObject({ lengthInSeconds: 95 });
  });

  it("send only ids for an existing licensee and album", () => {
    const v = filled();
    Object.assign(v, { licenseeMode: "existing", licenseeId: "5d6b0633-5fcd-41ca-af34-570780cb68a7", albumMode: "existing", albumId: "12" });
    expect(toInput(v).album).toEqual({ id: 12, licensee: { id: "5d6b0633-5fcd-41ca-af34-570780cb68a7" } });
  });
});

describe("errors in the wizard", () => {
  it("land on the input that shows them, in the step that holds it", () => {
    const v = filled();
    const cases: [string, string, number][] = [
      ["album.licensee.email", "newLicensee.email", 0],
      ["album.title", "newAlbum.title", 1],
      ["album.id", "albumId", 1],
      ["release.releaseMonth", "release.releaseMonth", 2],
      ["tracks.1.parts.0.song.title", "tracks.1.parts.0.song.title", 3],
      ["tracks.0.parts", "tracks.0.parts.root", 3],
    ];
    for (const [input, form, step] of cases) {
      expect(formPath(input, v)).toBe(form);
      expect(stepOf(form)).toBe(step);
    }
    expect(formPath("album.licensee.id", { ...v, licenseeMode: "existing" })).toBe("licenseeId");
  });

  it("come from the API's schema and release-date rule, each on its field", async () => {
    const v = filled();
    v.newLicensee.email = "";
    v.tracks[0]!.song.originalRecordingArtist = "";
    v.release = { ...v.release, dateMode: "chosen", releaseMonth: "3", releaseYear: "2026" };
    const { errors } = await resolve(v);
    expect(errors.newLicensee?.email?.message).toBe("must be an email address");
    expect(errors.tracks?.[0]?.song?.originalRecordingArtist?.message).toBe("send originalRecordingArtist or composer");
    expect(errors.release?.releaseMonth?.message).toContain("the earliest allowed release month is April 2026");
  });

  it("are none for a complete request", async () => {
    const { errors, values } = await resolve(filled());
    expect(errors).toEqual({});
    expect(values).toMatchObject({ newAlbum: { title: "Covers" } });
  });
});
