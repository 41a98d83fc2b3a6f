import type { ResolverOptions } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { wizardResolver } from "@/components/request-wizard/wizard-resolver";
import {
  physicalFormats,
  emptyAlbumTrack,
  emptyValues,
  stepOf,
  toInput,
  type WizardValues,
} from "@/components/request-wizard/wizard-values";
import { createAlbumRequestsSchema } from "@/lib/requests/album-requests-schema";
import type { RateTable } from "@/lib/royalties/compute-royalty";

function filled(): WizardValues {
  const v = emptyValues();
  v.album.licensee.companyName = "Acme Music";
  v.album.licensee.email = "rights@acme-music.com";
  v.album.title = "Covers";
  v.album.artist = "The Band";
  v.release.formatId = "1001";
  v.release.releaseQuantity = "1000";
  v.tracks[0]!.song.title = "Yesterday";
  v.tracks[0]!.song.originalRecordingArtist = "The Beatles";
  return v;
}

const rateTable: RateTable = {
  statutory: [{ year: 2026, perCopy: 13.1, perMinute: 2.53 }],
  formats: new Map([
    [
      1001,
      { title: "Compact Discs", royaltyKind: "statutory", fixedRate: null, requiresOutlets: false, physical: true },
    ],
    [
      1003,
      {
        title: "Interactive Audio Streams",
        royaltyKind: "fixed",
        fixedRate: 100,
        requiresOutlets: true,
        physical: false,
      },
    ],
  ]),
};

const resolve = (values: WizardValues, today = { year: 2026, month: 3, day: 25 }) =>
  Promise.resolve(wizardResolver(today, rateTable)(values, undefined, {} as ResolverOptions<WizardValues>));

describe("the wizard's values", () => {
  it("become the input of createAlbumRequests, which its schema accepts", () => {
    const v = filled();
    v.tracks.push({
      ...emptyAlbumTrack(),
      medley: true,
      song: { ...emptyAlbumTrack().song, title: "Medley", composer: "Various" },
    });
    v.tracks[1]!.parts = [
      {
        ...emptyAlbumTrack(),
        lengthInSeconds: "95",
        song: { ...emptyAlbumTrack().song, title: "Part", composer: "X" },
      },
    ];
    const parsed = createAlbumRequestsSchema.parse(toInput(v, physicalFormats(rateTable)));
    expect(parsed.album).toMatchObject({ title: "Covers", licensee: { companyName: "Acme Music", phone1: null } });
    expect(parsed.release).toMatchObject({
      formatId: 1001,
      releaseQuantity: 1000,
      releaseMonth: null,
      releaseYear: null,
    });
    expect(parsed.tracks[0]).toMatchObject({ lengthInSeconds: null, medley: false, parts: [] });
    expect(parsed.tracks[1]!.parts[0]).toMatchObject({ lengthInSeconds: 95 });
  });

  it("send only ids for an existing licensee and album", () => {
    const v = filled();
    Object.assign(v, { licenseeMode: "existing", albumMode: "existing" });
    Object.assign(v.album, { id: "12" });
    v.album.licensee.id = "5d6b0633-5fcd-41ca-af34-570780cb68a7";
    expect(toInput(v, physicalFormats(rateTable)).album).toEqual({
      id: 12,
      licensee: { id: "5d6b0633-5fcd-41ca-af34-570780cb68a7" },
    });

    // The chosen licensee's name, kept for the review where no list holds it, is not sent: the strict schema takes it.
    v.licenseeName = "Kept Name Music";
    v.albumMode = "new";
    const input = toInput(v, physicalFormats(rateTable));
    expect(JSON.stringify(input)).not.toContain("Kept Name Music");
    expect(createAlbumRequestsSchema.safeParse(input).success).toBe(true);
  });
});

describe("errors in the wizard", () => {
  it("are named as the fields of the use case's input, so they land on the inputs of that name", async () => {
    const v = filled();
    v.album.title = "";
    v.tracks[0]!.medley = true;
    const { errors } = await resolve(v);
    expect(errors.album?.title?.message).toBe("must not be empty");
    expect(errors.tracks?.[0]?.parts?.message).toBe("a medley needs at least one song part");
    const existing = { ...filled(), licenseeMode: "existing", albumMode: "existing" } as WizardValues;
    const unchosen = await resolve(existing);
    expect(unchosen.errors.album?.licensee?.id?.message).toBe("must be a licensee id (a UUID string)");
    expect(unchosen.errors.album?.id?.message).toBeDefined();
  });

  it("refuse an album or release radio group left with none checked (null, as the keyboard leaves it) instead of throwing", async () => {
    const v = { ...filled(), licenseeMode: "existing", albumMode: "existing", releaseMode: "existing" } as WizardValues;
    v.album.licensee.id = "00000000-0000-4000-8000-000000000000";
    v.album.id = null;
    v.releaseId = null;
    const { errors } = await resolve(v);
    expect(errors.album?.id?.message).toBeDefined();
    expect(errors.releaseId?.message).toBeDefined();
  });

  it("ask for outlets where the format needs them, with the API's message, before the tracks are filled", async () => {
    const v = filled();
    v.release.formatId = "1003";
    v.tracks[0]!.song.title = "";
    const { errors } = await resolve(v);
    expect(errors.release?.expectedOutletsOfDistribution?.message).toBe(
      "Interactive Audio Streams needs a summary of the distribution outlets or the name of a distribution package",
    );
    v.release.expectedOutletsOfDistribution = "Bandcamp, our own website";
    expect((await resolve(v)).errors.release).toBeUndefined();
  });

  it.each([
    ["after the release month (the automatic April)", "2026-05-01", "must be on or before April 30, 2026"],
    ["more than 30 days ago", "2026-02-20", "is more than 30 days ago"],
    ["a planned pressing", "2026-04-10", undefined],
    ["a pressing three weeks ago", "2026-03-04", undefined],
  ])("check a CD's manufacture date with the API's rule: %s", async (_case, date, message) => {
    const v = filled();
    v.release.manufactureDate = date;
    const { errors } = await resolve(v);
    if (message) expect(errors.release?.manufactureDate?.message).toContain(message);
    else expect(errors).toEqual({});
    expect(toInput(v, physicalFormats(rateTable)).release).toMatchObject({ manufactureDate: date });
  });

  it("neither check nor send the manufacture date a digital format's hidden input still holds", async () => {
    const v = filled();
    Object.assign(v.release, {
      formatId: "1003",
      expectedOutletsOfDistribution: "Our shop",
      manufactureDate: "2030-01-01",
    });
    expect((await resolve(v)).errors).toEqual({});
    expect(toInput(v, physicalFormats(rateTable)).release).toMatchObject({ manufactureDate: "" });
  });

  it("take the user to the step that shows their field", () => {
    const cases: [string, number][] = [
      ["album.licensee.email", 0],
      ["album.licensee.id", 0],
      ["album.title", 1],
      ["album.id", 1],
      ["release.releaseMonth", 2],
      ["tracks.1.parts.0.song.title", 3],
      ["tracks.0.parts", 3],
    ];
    for (const [path, step] of cases) expect(stepOf(path)).toBe(step);
  });

  it("come from the API's schema and release-date rule, each on its field", async () => {
    const v = filled();
    v.album.licensee.email = "";
    v.tracks[0]!.song.originalRecordingArtist = "";
    v.release = { ...v.release, dateMode: "chosen", releaseMonth: "3", releaseYear: "2026" };
    const { errors } = await resolve(v);
    expect(errors.album?.licensee?.email?.message).toBe("must be an email address");
    expect(errors.tracks?.[0]?.song?.originalRecordingArtist?.message).toBe("send originalRecordingArtist or composer");
    expect(errors.release?.releaseMonth?.message).toContain("the earliest allowed release month is April 2026");
  });

  it("are none for a complete request", async () => {
    const { errors, values } = await resolve(filled());
    expect(errors).toEqual({});
    expect(values).toMatchObject({ album: { title: "Covers" } });
  });
});
