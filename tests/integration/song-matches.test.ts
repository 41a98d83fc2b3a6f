import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as matchesRoute from "@/app/api/requests/[id]/song-matches/route";
import { call, clientKey, staffKey } from "../helpers/api";
import { fileRequest, requestBody } from "../helpers/fixtures";
import { addSong, linkSong, payAndBegin, setStatus, songBody } from "../helpers/staff";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();
let keys: { client: string; staff: string };

/** A catalog full of near-duplicates: same titles with other writers, plurals, one-letter neighbours. */
const CATALOG = {
  dontStopMeNow: { title: "Don't Stop Me Now", writers: ["Freddie Mercury"] },
  dontStop: { title: "Don't Stop", writers: ["Christine McVie"] },
  soundOfSilence: { title: "The Sound of Silence", writers: ["Paul Simon"] },
  soundsOfSilence: { title: "Sounds of Silence", writers: ["Ann Other"] },
  rockAndRoll: { title: "Rock & Roll", writers: ["Jimmy Page", "Robert Plant", "John Paul Jones", "John Bonham"] },
  rockAndRollAllNite: { title: "Rock and Roll All Nite", writers: ["Paul Stanley", "Gene Simmons"] },
  yesterday: { title: "Yesterday", writers: ["John Lennon", "Paul McCartney"] },
  yesterdays: { title: "Yesterdays", writers: ["Jerome Kern", "Otto Harbach"] },
  yesterdayOnceMore: { title: "Yesterday Once More", writers: ["Richard Carpenter", "John Bettis"] },
  helloAdele: { title: "Hello", writers: ["Adele Adkins", "Greg Kurstin"] },
  helloRichie: { title: "Hello", writers: ["Lionel Richie"] },
  halo: { title: "Halo", writers: ["Beyoncé Knowles", "Ryan Tedder", "Evan Bogart"] },
  harborSmithDoe: { title: "Moonlight Harbor", writers: ["Jane Smith", "Kim Doe"] },
  harborSmithOther: { title: "Moonlight Harbor", writers: ["John Smith", "Ann Other"] },
  harbour: { title: "Moonlight Harbour", writers: ["Peter Marsh"] },
  wonderwall: { title: "Wonderwall", writers: ["Noel Gallagher"] },
  wonderfulWorld: { title: "Wonderful World", writers: ["Sam Cooke", "Herb Alpert", "Lou Adler"] },
  whatAWonderfulWorld: { title: "What a Wonderful World", writers: ["Bob Thiele", "George David Weiss"] },
  bohemian: { title: "Bohemian Rhapsody", writers: ["Freddie Mercury"] },
  help: { title: "Help!", writers: ["John Lennon", "Paul McCartney"] },
  helpMe: { title: "Help Me", writers: ["Joni Mitchell"] },
  loveAndHappiness: { title: "Love & Happiness", writers: ["Al Green", "Mabon Hodges"] },
  crazyNelson: { title: "Crazy", writers: ["Willie Nelson"] },
  crazyGnarls: {
    title: "Crazy",
    writers: ["Brian Burton", "Thomas Callaway", "Gian Piero Reverberi", "Gian Franco Reverberi"],
  },
  crazyInLove: {
    title: "Crazy in Love",
    writers: ["Beyoncé Knowles", "Shawn Carter", "Rich Harrison", "Eugene Record"],
  },
  lookTonight: { title: "The Way You Look Tonight", writers: ["Jerome Kern", "Dorothy Fields"] },
  makeMeFeel: { title: "The Way You Make Me Feel", writers: ["Michael Jackson"] },
  cafeDelMar: { title: "Café del Mar", writers: ["José Padilla"] },
  brightside: { title: "Mr. Brightside", writers: ["Brandon Flowers", "Dave Keuning"] },
  sunshine: { title: "Ain't No Sunshine", writers: ["Bill Withers"] },
  mountain: { title: "Ain't No Mountain High Enough", writers: ["Nickolas Ashford", "Valerie Simpson"] },
  sweetChild: {
    title: "Sweet Child o' Mine",
    writers: ["Axl Rose", "Slash", "Izzy Stradlin", "Duff McKagan", "Steven Adler"],
  },
} satisfies Record<string, { title: string; writers: string[] }>;
type SongKey = keyof typeof CATALOG;
const songIds = {} as Record<SongKey, number>;

type Variant = [
  what: string,
  song: { title: string; composer?: string; originalRecordingArtist?: string },
  expected: SongKey,
];
const VARIANTS: Variant[] = [
  ["upper case", { title: "DON'T STOP ME NOW", originalRecordingArtist: "Queen" }, "dontStopMeNow"],
  ["lower case", { title: "don't stop me now", originalRecordingArtist: "Queen" }, "dontStopMeNow"],
  ["apostrophe dropped", { title: "Dont Stop Me Now", originalRecordingArtist: "Queen" }, "dontStopMeNow"],
  ["curly apostrophe", { title: "Don’t Stop Me Now", originalRecordingArtist: "Queen" }, "dontStopMeNow"],
  ["(Live)", { title: "Don't Stop Me Now (Live)", originalRecordingArtist: "Queen" }, "dontStopMeNow"],
  [
    "- Remastered 2011",
    { title: "Don't Stop Me Now - Remastered 2011", originalRecordingArtist: "Queen" },
    "dontStopMeNow",
  ],
  [
    "- Live at …",
    { title: "Don't Stop Me Now - Live at Wembley '86", originalRecordingArtist: "Queen" },
    "dontStopMeNow",
  ],
  ["the shorter neighbour", { title: "Dont Stop", originalRecordingArtist: "Fleetwood Mac" }, "dontStop"],
  [
    "the shorter neighbour, remaster",
    { title: "Don't Stop - 2004 Remaster", originalRecordingArtist: "Fleetwood Mac" },
    "dontStop",
  ],
  [
    "leading The dropped",
    { title: "Sound of Silence", originalRecordingArtist: "Simon & Garfunkel" },
    "soundOfSilence",
  ],
  ["title case", { title: "The Sound Of Silence", originalRecordingArtist: "Disturbed" }, "soundOfSilence"],
  [
    "(Acoustic Version) with composer",
    { title: "Sound of Silence (Acoustic Version)", composer: "Paul Simon" },
    "soundOfSilence",
  ],
  ["the plural neighbour", { title: "The Sounds of Silence", originalRecordingArtist: "Someone" }, "soundsOfSilence"],
  ["and for &", { title: "Rock and Roll", composer: "Page, Plant, Jones, Bonham" }, "rockAndRoll"],
  ["& as filed", { title: "Rock & Roll", originalRecordingArtist: "Led Zeppelin" }, "rockAndRoll"],
  ["& for and", { title: "Rock & Roll All Nite", originalRecordingArtist: "KISS" }, "rockAndRollAllNite"],
  ["composers with a slash", { title: "Yesterday", composer: "Lennon/McCartney" }, "yesterday"],
  ["- Remastered 2009", { title: "Yesterday - Remastered 2009", originalRecordingArtist: "The Beatles" }, "yesterday"],
  ["one-letter typo, writer decides", { title: "Yesterdy", composer: "Paul McCartney" }, "yesterday"],
  ["the plural, by its writers", { title: "Yesterdays", composer: "Kern & Harbach" }, "yesterdays"],
  ["a longer title", { title: "Yesterday Once More", originalRecordingArtist: "Carpenters" }, "yesterdayOnceMore"],
  ["same title, full writer names", { title: "Hello", composer: "Adele Adkins & Greg Kurstin" }, "helloAdele"],
  ["same title, the original artist", { title: "Hello", originalRecordingArtist: "Lionel Richie" }, "helloRichie"],
  ["same title, (Live), initials", { title: "Hello (Live)", composer: "L. Richie" }, "helloRichie"],
  ["same title, upper case, initials", { title: "HELLO", composer: "A. Adkins, G. Kurstin" }, "helloAdele"],
  ["one-letter typo beside Halo", { title: "Helo", composer: "Adkins & Kurstin" }, "helloAdele"],
  ["the one-letter neighbour", { title: "Halo", originalRecordingArtist: "Beyoncé" }, "halo"],
  ["same title, initials and &", { title: "Moonlight Harbor", composer: "J. Smith & K. Doe" }, "harborSmithDoe"],
  [
    "same title, the other writers",
    { title: "Moonlight Harbor", composer: "John Smith & Ann Other" },
    "harborSmithOther",
  ],
  ["British spelling", { title: "Moonlight Harbour", originalRecordingArtist: "Peter Marsh" }, "harbour"],
  [
    "The, (feat. …), one writer",
    { title: "The Moonlight Harbor (feat. Someone)", composer: "Kim Doe" },
    "harborSmithDoe",
  ],
  ["exact", { title: "Wonderwall", originalRecordingArtist: "Oasis" }, "wonderwall"],
  ["one letter missing", { title: "Wonderwal", originalRecordingArtist: "Oasis" }, "wonderwall"],
  ["a The added", { title: "The Wonderwall", originalRecordingArtist: "Oasis" }, "wonderwall"],
  [
    "the longer title",
    { title: "What a Wonderful World", originalRecordingArtist: "Louis Armstrong" },
    "whatAWonderfulWorld",
  ],
  ["the shorter title, composer", { title: "Wonderful World", composer: "Sam Cooke" }, "wonderfulWorld"],
  ["one letter missing, composer", { title: "Bohemian Rapsody", composer: "Freddie Mercury" }, "bohemian"],
  [
    "lower case, - remastered",
    { title: "bohemian rhapsody - remastered 2011", originalRecordingArtist: "Queen" },
    "bohemian",
  ],
  ["! dropped, hyphenated composers", { title: "Help", composer: "Lennon-McCartney" }, "help"],
  ["! as filed", { title: "Help!", originalRecordingArtist: "The Beatles" }, "help"],
  ["the longer neighbour", { title: "Help Me", originalRecordingArtist: "Joni Mitchell" }, "helpMe"],
  [
    "and for & in the catalog",
    { title: "Love and Happiness", originalRecordingArtist: "Al Green" },
    "loveAndHappiness",
  ],
  ["+ for &", { title: "Love + Happiness", originalRecordingArtist: "Al Green" }, "loveAndHappiness"],
  ["same title, the writer as artist", { title: "Crazy", originalRecordingArtist: "Willie Nelson" }, "crazyNelson"],
  [
    "same title, surnames with commas",
    { title: "Crazy", composer: "Burton, Callaway, Reverberi", originalRecordingArtist: "Gnarls Barkley" },
    "crazyGnarls",
  ],
  ["(feat. Jay-Z)", { title: "Crazy In Love (feat. Jay-Z)", originalRecordingArtist: "Beyoncé" }, "crazyInLove"],
  [
    "leading The dropped, longer",
    { title: "Way You Look Tonight", originalRecordingArtist: "Frank Sinatra" },
    "lookTonight",
  ],
  [
    "- 2012 Remaster",
    { title: "The Way You Make Me Feel - 2012 Remaster", originalRecordingArtist: "Michael Jackson" },
    "makeMeFeel",
  ],
  ["accent dropped", { title: "Cafe del Mar", originalRecordingArtist: "Energy 52" }, "cafeDelMar"],
  ["accent in upper case", { title: "CAFÉ DEL MAR", originalRecordingArtist: "Energy 52" }, "cafeDelMar"],
  ["full stop dropped", { title: "Mr Brightside", originalRecordingArtist: "The Killers" }, "brightside"],
  [
    "apostrophe dropped, longer neighbour",
    { title: "Aint No Sunshine", originalRecordingArtist: "Bill Withers" },
    "sunshine",
  ],
  [
    "curly apostrophe, longer title",
    { title: "Ain’t No Mountain High Enough", originalRecordingArtist: "Marvin Gaye" },
    "mountain",
  ],
  ["o' as o", { title: "Sweet Child O Mine", originalRecordingArtist: "Guns N' Roses" }, "sweetChild"],
  ["a word added", { title: "Don't Stop Me Right Now", originalRecordingArtist: "Queen" }, "dontStopMeNow"],
  ["a word left out", { title: "Ain't No Mountain High", originalRecordingArtist: "Marvin Gaye" }, "mountain"],
  ["a typo in each of two words", { title: "Bohemain Rhapsdy", originalRecordingArtist: "Queen" }, "bohemian"],
  ["a word split in two", { title: "Wonder Wall", originalRecordingArtist: "Oasis" }, "wonderwall"],
  [
    "two words run together",
    { title: "Yesterdayoncemore", originalRecordingArtist: "Carpenters" },
    "yesterdayOnceMore",
  ],
];

const matches = (key: string, id: number, query?: string) =>
  call(matchesRoute.GET, "GET", `/api/requests/${id}/song-matches`, { key, params: { id: String(id) }, query });
const fileSong = async (song: Variant[1]) => (await fileRequest(keys.client, requestBody({ track: { song } }))).id;

beforeAll(async () => {
  keys = { client: (await clientKey(db(), "Matching Records")).key, staff: await staffKey(db()) };
  for (const [key, song] of Object.entries(CATALOG)) {
    songIds[key as SongKey] = (await addSong(keys.staff, songBody(song))).id;
  }
  // Noise: 300 more songs with made-up titles and writers, as a real catalog has.
  await db().execute(sql`
    insert into catalog_songs (title, writers)
    select initcap(concat_ws(' ', w[1 + g % 17], w[1 + (g * 7) % 17], w[1 + (g * 13) % 17])), array['Writer ' || g]
    from generate_series(1, 300) g,
      (select array['ba','ralo','vemi','neka','tosu','reda','nimo','late','shian','elor','unki','pode','fagu','hoju','lyze','quin','mara'] w) words`);
});

describe("GET /api/requests/{id}/song-matches finds the song a request is for", () => {
  it(`holds ${VARIANTS.length} request variants`, () => expect(VARIANTS.length).toBeGreaterThanOrEqual(40));

  it.each(VARIANTS)("%s: %o → %s", async (_what, song, expected) => {
    const id = await fileSong(song);
    const res = await matches(keys.staff, id);
    expect(res.status).toBe(200);
    const found = res.body.matches as { songId: number; title: string; score: number }[];
    expect(found[0], JSON.stringify(found)).toMatchObject({
      songId: songIds[expected],
      title: CATALOG[expected].title,
    });
  });
});

describe("the answer", () => {
  it("is an object of at most 5 songs with their writers, best first, scores in 0..1", async () => {
    const id = await fileSong({ title: "Hello", composer: "Adele Adkins & Greg Kurstin" });
    const res = await matches(keys.staff, id);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["matches"]);
    const found = res.body.matches as { songId: number; title: string; writers: string[]; score: number }[];
    expect(found.length).toBeGreaterThan(1);
    expect(found.length).toBeLessThanOrEqual(5);
    expect(found[0]).toEqual({
      songId: songIds.helloAdele,
      title: "Hello",
      writers: ["Adele Adkins", "Greg Kurstin"],
      score: 1,
    });
    expect(found[1]).toMatchObject({ songId: songIds.helloRichie, writers: ["Lionel Richie"] });
    const scores = found.map((m) => m.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(scores.every((s) => s >= 0 && s <= 1)).toBe(true);
  });

  it("is empty when nothing in the catalog fits", async () => {
    const id = await fileSong({ title: "Quartz Xylophone Zephyr", originalRecordingArtist: "Nobody Known" });
    const res = await matches(keys.staff, id);
    expect(res.body).toEqual({ matches: [] });
  });

  it("follows a catalog edit: the normalised title is regenerated with the title", async () => {
    const id = await fileSong({ title: "Lanterns of Galveston", originalRecordingArtist: "Rita Rowe" });
    const song = await addSong(keys.staff, songBody({ title: "Untitled Demo", writers: ["Rita Rowe"] }));
    expect((await matches(keys.staff, id)).body.matches).toEqual([]);
    await db().execute(sql`update catalog_songs set title = 'The Lanterns of Galveston (Live)' where id = ${song.id}`);
    expect((await matches(keys.staff, id)).body.matches[0]).toMatchObject({ songId: song.id, score: 1 });
  });

  it("refuses client keys (403), unknown requests (404) and unknown query parameters (400)", async () => {
    const id = await fileSong({ title: "Wonderwall", originalRecordingArtist: "Oasis" });
    expect((await matches(keys.client, id)).body.code).toBe("forbidden");
    expect((await matches(keys.staff, 987654)).body.code).toBe("not_found");
    const bad = await matches(keys.staff, id, "limit=3");
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("validation_failed");
    expect(JSON.stringify(bad.body.errors)).toContain("limit");
  });
});

describe("the staff request page's research", () => {
  const employee = { kind: "employee", name: "Sam Staff", userId: null, apiKeyId: null } as const;

  it("shows the suggestions with their writers and owner shares, none once licensing has begun", async () => {
    const id = await fileSong({ title: "Moonlight Harbor", composer: "J. Smith & K. Doe" });
    const { getRequestWorkspace } = await import("@/lib/staff/request-workspace");
    const workspace = await getRequestWorkspace(db(), employee, id);
    expect(workspace.suggestions[0]).toMatchObject({
      id: songIds.harborSmithDoe,
      writers: ["Jane Smith", "Kim Doe"],
      owners: [
        { name: "Harbor Music Publishing", share: 60 },
        { name: "Ben Composer Songs", share: 40 },
      ],
      score: 1,
    });
    await linkSong(keys.staff, id, songIds.harborSmithDoe);
    await setStatus(keys.staff, id, { code: "ready" });
    await payAndBegin(keys, id);
    expect((await getRequestWorkspace(db(), employee, id)).suggestions).toEqual([]);
  });

  it("drafts a new catalog song from the request: its title, and one writer per composer as filed", async () => {
    const { songDraftForRequest } = await import("@/lib/staff/song-draft");
    const id = await fileSong({
      title: "Tidewater Lullaby",
      composer: "J. Smith & K. Doe, Lennon/McCartney and Ann Other",
    });
    expect(await songDraftForRequest(db(), employee, id)).toEqual({
      title: "Tidewater Lullaby",
      writers: ["J. Smith", "K. Doe", "Lennon", "McCartney", "Ann Other"],
    });
    await expect(
      songDraftForRequest(
        db(),
        { kind: "client", name: "C", accountId: 1, role: "admin", userId: null, apiKeyId: null },
        id,
      ),
    ).rejects.toMatchObject({
      code: "forbidden",
    });
  });
});
