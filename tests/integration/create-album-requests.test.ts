import { count, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { albums, licensees, releases, requests, tracks } from "@/db/schema";
import { findOrCreateAccount } from "@/lib/accounts/find-or-create-account";
import type { Actor } from "@/lib/auth/actor";
import { setClock } from "@/lib/clock";
import { DomainError } from "@/lib/errors";
import { createAlbumRequestsSchema, type CreateAlbumRequestsInput } from "@/lib/requests/album-requests-schema";
import { createAlbumRequests } from "@/lib/requests/create-album-requests";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();
afterEach(() => setClock(undefined));

async function clientActor(accountName: string): Promise<Extract<Actor, { kind: "client" }>> {
  const account = await findOrCreateAccount(db(), accountName);
  return { kind: "client", name: accountName, accountId: account.id, role: "admin", userId: null, apiKeyId: null };
}

const wizardInput = (overrides: Partial<CreateAlbumRequestsInput> = {}) =>
  createAlbumRequestsSchema.parse({
    album: {
      title: "Covers Vol. 2",
      artist: "The Wizard Band",
      licensee: { companyName: "Wizard Music LLC", email: "rights@wizard-music.com" },
    },
    release: { formatId: 1001, releaseQuantity: 500 },
    tracks: [
      { song: { title: "Yesterday", originalRecordingArtist: "The Beatles" }, lengthInSeconds: 125 },
      {
        song: { title: "Motown Medley", originalRecordingArtist: "Various" },
        lengthInSeconds: 400,
        medley: true,
        parts: [
          { song: { title: "My Girl", originalRecordingArtist: "The Temptations" }, lengthInSeconds: 170 },
          { song: { title: "Dancing in the Street", composer: "Marvin Gaye" }, lengthInSeconds: 230 },
        ],
      },
    ],
    ...overrides,
  });

async function rowsOf(accountId: number) {
  const n = async (table: typeof albums | typeof tracks | typeof releases | typeof requests | typeof licensees) =>
    (await db().select({ n: count() }).from(table).where(eq(table.accountId, accountId)))[0]!.n;
  return {
    licensees: await n(licensees),
    albums: await n(albums),
    releases: await n(releases),
    tracks: await n(tracks),
    requests: await n(requests),
  };
}

describe("createAlbumRequests", () => {
  it("files every track, a medley's whole and parts, on one new album and one release", async () => {
    setClock(new Date("2026-03-10T12:00:00Z"));
    const actor = await clientActor("Wizard Records");
    const created = await createAlbumRequests(db(), actor, wizardInput());

    expect(created).toHaveLength(4);
    expect(new Set(created.map((r) => r.albumId)).size).toBe(1);
    expect(new Set(created.map((r) => r.releaseId)).size).toBe(1);
    expect(new Set(created.map((r) => r.licenseeId)).size).toBe(1);
    expect(created.map((r) => r.status.code)).toEqual(["new", "new", "new", "new"]);
    // The medley as a whole owes nothing; each part owes at its own length (2026: $0.1310 or $0.0252/min).
    expect(created.map((r) => r.royalty.total)).toEqual(["65.50", "0.00", "65.50", "65.50"]);

    const [whole, ...parts] = await db()
      .select()
      .from(tracks)
      .where(eq(tracks.albumId, created[0]!.albumId))
      .orderBy(tracks.id)
      .then((t) => t.slice(1));
    expect(whole).toMatchObject({ songTitle: "Motown Medley", medley: true, medleyTrackId: null });
    expect(parts.map((p) => [p.songTitle, p.medleyTrackId])).toEqual([
      ["My Girl", whole!.id],
      ["Dancing in the Street", whole!.id],
    ]);
    expect(await rowsOf(actor.accountId)).toEqual({ licensees: 1, albums: 1, releases: 1, tracks: 4, requests: 4 });
  });

  it("adds tracks to an existing album of the account with a new release", async () => {
    setClock(new Date("2026-03-10T12:00:00Z"));
    const actor = await clientActor("Existing Album Records");
    const [first] = await createAlbumRequests(db(), actor, wizardInput({ tracks: wizardInput().tracks.slice(0, 1) }));
    const more = await createAlbumRequests(
      db(),
      actor,
      wizardInput({
        album: createAlbumRequestsSchema.shape.album.parse({ id: first!.albumId, licensee: { id: first!.licenseeId } }),
      }),
    );
    expect(more.every((r) => r.albumId === first!.albumId && r.licenseeId === first!.licenseeId)).toBe(true);
    expect(new Set(more.map((r) => r.releaseId))).toEqual(new Set([more[0]!.releaseId]));
    expect(more[0]!.releaseId).not.toBe(first!.releaseId);
    expect(await rowsOf(actor.accountId)).toEqual({ licensees: 1, albums: 1, releases: 2, tracks: 5, requests: 5 });
  });

  describe("joining an existing release of the album", () => {
    async function albumWithRelease(name: string) {
      const actor = await clientActor(name);
      const [first] = await createAlbumRequests(db(), actor, wizardInput({ tracks: wizardInput().tracks.slice(0, 1) }));
      const join = wizardInput({
        album: createAlbumRequestsSchema.shape.album.parse({ id: first!.albumId, licensee: { id: first!.licenseeId } }),
        release: createAlbumRequestsSchema.shape.release.parse({ id: first!.releaseId }),
        tracks: createAlbumRequestsSchema.shape.tracks.parse([
          { song: { title: "Jolene", composer: "Dolly Parton" }, lengthInSeconds: 161 },
        ]),
      });
      return { actor, first: first!, join };
    }

    it("puts the new track's request on that release", async () => {
      setClock(new Date("2026-03-10T12:00:00Z"));
      const { actor, first, join } = await albumWithRelease("Join Release Records");
      const [joined] = await createAlbumRequests(db(), actor, join);
      expect(joined).toMatchObject({ albumId: first.albumId, releaseId: first.releaseId });
      expect(await rowsOf(actor.accountId)).toMatchObject({ albums: 1, releases: 1, tracks: 2, requests: 2 });
    });

    it.each([
      ["its licensing has begun", "2026-03-10T12:00:00Z", true, "licensing has begun on this release"],
      ["its month has closed", "2026-03-21T12:00:00Z", false, "March 2026 is no longer open for new requests"],
    ])("is refused when %s, on release.id, and creates nothing", async (_case, later, begin, message) => {
      setClock(new Date("2026-03-10T12:00:00Z"));
      const { actor, first, join } = await albumWithRelease(`Closed Release Records ${message.length}`);
      if (begin) await db().update(requests).set({ licensingBegunAt: new Date() }).where(eq(requests.id, first.id));
      setClock(new Date(later));
      const refused = await createAlbumRequests(db(), actor, join).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(DomainError);
      expect((refused as DomainError).errors).toEqual([{ path: "release.id", message }]);
      expect(await rowsOf(actor.accountId)).toMatchObject({ tracks: 1, requests: 1 });
    });
  });

  it("leaves nothing created when a later track fails", async () => {
    setClock(new Date("2026-03-10T12:00:00Z"));
    const actor = await clientActor("Atomic Records");
    const input = wizardInput();
    // Bypasses the schema on purpose so that the database itself refuses the second track.
    input.tracks[1]!.lengthInSeconds = -5;
    await expect(createAlbumRequests(db(), actor, input)).rejects.toThrow();
    expect(await rowsOf(actor.accountId)).toEqual({ licensees: 0, albums: 0, releases: 0, tracks: 0, requests: 0 });
  });

  it("puts a refused release month on the release field and creates nothing", async () => {
    setClock(new Date("2026-03-25T12:00:00Z"));
    const actor = await clientActor("Closed Month Records");
    const input = wizardInput({ release: { ...wizardInput().release, releaseMonth: 3, releaseYear: 2026 } });
    const err = await createAlbumRequests(db(), actor, input).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect(err).toMatchObject({ code: "release_month_closed", errors: [{ path: "release.releaseMonth" }] });
    expect((err as DomainError).errors![0]!.message).toContain("April 2026");
    expect(await rowsOf(actor.accountId)).toEqual({ licensees: 0, albums: 0, releases: 0, tracks: 0, requests: 0 });
  });

  it("answers an album of another account as not found, and creates nothing", async () => {
    setClock(new Date("2026-03-10T12:00:00Z"));
    const owner = await clientActor("Owner Records");
    const [theirs] = await createAlbumRequests(db(), owner, wizardInput());
    const intruder = await clientActor("Intruder Records");
    const input = wizardInput({ album: createAlbumRequestsSchema.shape.album.parse({ id: theirs!.albumId }) });
    await expect(createAlbumRequests(db(), intruder, input)).rejects.toMatchObject({ code: "not_found" });
    expect(await rowsOf(intruder.accountId)).toEqual({ licensees: 0, albums: 0, releases: 0, tracks: 0, requests: 0 });
  });

  it("puts an album-licensee mismatch on the album's licensee field", async () => {
    setClock(new Date("2026-03-10T12:00:00Z"));
    const actor = await clientActor("Mismatch Records");
    const [first] = await createAlbumRequests(db(), actor, wizardInput());
    const [other] = await createAlbumRequests(db(), actor, wizardInput());
    const input = wizardInput({
      album: createAlbumRequestsSchema.shape.album.parse({ id: first!.albumId, licensee: { id: other!.licenseeId } }),
    });
    await expect(createAlbumRequests(db(), actor, input)).rejects.toMatchObject({
      code: "validation_failed",
      errors: [{ path: "album.licensee.id" }],
    });
    expect(await rowsOf(actor.accountId)).toMatchObject({ albums: 2, tracks: 8, requests: 8 });
  });

  it("is for client staff only", async () => {
    const account = await findOrCreateAccount(db(), "Licensee Side Records");
    const licensee: Actor = {
      kind: "licensee",
      name: "L",
      accountId: account.id,
      licenseeId: crypto.randomUUID(),
      userId: 1,
    };
    await expect(createAlbumRequests(db(), licensee, wizardInput())).rejects.toMatchObject({ code: "forbidden" });
  });
});

describe("createAlbumRequestsSchema", () => {
  it("reports each bad field at its place in the wizard", () => {
    const result = createAlbumRequestsSchema.safeParse({
      album: { title: "", artist: "A", licensee: { companyName: "C" } },
      release: { formatId: 1001, releaseQuantity: 0 },
      tracks: [{ song: { title: "Ok", composer: "X" } }, { song: { title: "" }, medley: true }],
    });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((i) => i.path.join("."));
    expect(paths).toEqual(
      expect.arrayContaining([
        "album.title",
        "album.licensee.email",
        "release.releaseQuantity",
        "tracks.1.song.title",
        "tracks.1.song.originalRecordingArtist",
        "tracks.1.parts",
      ]),
    );
  });
});
