import { count, eq } from "drizzle-orm";
import type { Db } from "./client";
import { BACKLOG_SONGS, seedPaidBacklog } from "./seed-backlog";
import { catalogSongs, requests } from "./schema";
import type { Actor } from "@/lib/auth/actor";
import { isoDay } from "@/lib/clock";
import { serveNotice } from "@/lib/licensing/serve-notice";
import { serveNoticeSchema } from "@/lib/licensing/serve-notice-schema";
import { askForInfo } from "@/lib/workflow/ask-for-info";
import { issueInvoice } from "@/lib/billing/issue-invoice";
import { recordPayment } from "@/lib/billing/record-payment";
import { issueInvoiceSchema, paymentSchema } from "@/lib/money/schemas";
import { cancelRequest } from "@/lib/requests/cancel-request";
import { changeStatus } from "@/lib/workflow/change-status";
import { createRequest } from "@/lib/requests/create-request";
import { linkSong } from "@/lib/requests/link-song";
import { createRequestSchema } from "@/lib/requests/schemas";
import type { StatusCode } from "@/lib/requests/statuses";
import { statusChangeSchema } from "@/lib/workflow/status-schemas";
import { createSong } from "@/lib/songs/create-song";
import { songInputSchema } from "@/lib/songs/schemas";
import { findSongView } from "@/lib/songs/song-view";

// Ortiz Family Trust and Lin Creative have no contact details on file: the staff page says so when serving them.
const CATALOG = [
  {
    title: "Silver Linings",
    writers: ["Mara Quinn", "Theo Banks"],
    owners: [
      {
        name: "Quinn Songs Publishing",
        postalAddress: "210 Music Row\nNashville, TN 37203",
        email: "rights@quinnsongs.example.com",
        share: 50,
      },
      {
        name: "Banks & Co. Music",
        postalAddress: "45 Tin Pan Alley, Suite 3\nNew York, NY 10019",
        email: "licensing@banksco.example.com",
        share: 50,
      },
    ],
  },
  {
    title: "Golden Hour",
    writers: ["Lena Ortiz"],
    owners: [
      {
        name: "Sunset Boulevard Music",
        postalAddress: "8800 Sunset Blvd\nLos Angeles, CA 90069",
        email: "notices@sunsetblvd.example.com",
        share: 66.67,
      },
      { name: "Ortiz Family Trust", share: 33.33 },
    ],
  },
  {
    title: "Blue Skies Again",
    writers: ["Harold Finch", "Dee Marlowe"],
    owners: [
      {
        name: "Finch Music Group",
        postalAddress: "1 Finch Plaza\nAtlanta, GA 30303",
        email: "admin@finchmusic.example.com",
        share: 75,
      },
      {
        name: "Marlowe Tunes",
        postalAddress: "77 Harbor Street\nPortland, ME 04101",
        email: "dee@marlowetunes.example.com",
        share: 25,
      },
    ],
  },
  {
    title: "Midnight Train Blues",
    writers: ["Willie Jackson"],
    owners: [
      {
        name: "Delta Heritage Publishing",
        postalAddress: "12 Levee Road\nClarksdale, MS 38614",
        email: "rights@deltaheritage.example.com",
        share: 100,
      },
    ],
  },
  {
    title: "Wildflower Road",
    writers: ["June Abernathy", "Sam Cole", "Ivy Lin"],
    owners: [
      { name: "Prairie Wind Songs", postalAddress: "300 Prairie Avenue\nTulsa, OK 74103", share: 40 },
      {
        name: "Cole Street Music",
        postalAddress: "9 Cole Street\nSan Francisco, CA 94117",
        email: "sam@colestreet.example.com",
        share: 35,
      },
      { name: "Lin Creative", share: 25 },
    ],
  },
];

type Plan = { title: string; artist: string; album: string; status: StatusCode; song?: string; note?: string };

/** One request of Demo Records per status (two new ones: the queue always has research to do). */
const REQUESTS: Plan[] = [
  { title: "Paper Boats", artist: "The Harbor Lights", album: "Tidewater", status: "new" },
  { title: "Neon Rain", artist: "Circuit Sisters", album: "Afterglow", status: "new" },
  {
    title: "Midnight Train Blues",
    artist: "Willie Jackson",
    album: "Rails and Rivers",
    status: "need_info",
    note: "Is this the 1962 original or the 1977 rewrite? Please tell us on the album wall.",
  },
  {
    title: "Silver Linings",
    artist: "Mara Quinn",
    album: "Cloud Atlas Covers",
    status: "ready",
    song: "Silver Linings",
  },
  {
    title: "Wildflower Road",
    artist: "June Carver",
    album: "Back Roads",
    status: "need_payment",
    song: "Wildflower Road",
  },
  { title: "Golden Hour", artist: "Lena Ortiz", album: "Late Summer", status: "in_progress", song: "Golden Hour" },
  {
    title: "Blue Skies Again",
    artist: "Harold Finch",
    album: "Bright Days",
    status: "licensed",
    song: "Blue Skies Again",
  },
  { title: "Yesterday Parody", artist: "The Beatles", album: "Laugh Tracks", status: "cannot_license" },
  { title: "Winter Waltz", artist: "Anna Sorel", album: "Snowfall", status: "cancelled" },
];

/** The demo catalog, and Demo Records' requests in every status, made through the real use cases. */
export async function seedLicensing(db: Db, actors: { client: Actor; employee: Actor; licenseeId: string }) {
  const songs = new Map<string, { id: number; owners: { id: number }[] }>();
  for (const entry of [...CATALOG, ...BACKLOG_SONGS]) {
    const [existing] = await db
      .select({ id: catalogSongs.id })
      .from(catalogSongs)
      .where(eq(catalogSongs.title, entry.title));
    const song = existing
      ? await findSongView(db, existing.id)
      : await createSong(db, actors.employee, songInputSchema.parse(entry));
    songs.set(song.title, song);
  }
  if (actors.client.kind !== "client") throw new Error("the demo client must be client staff");
  const [filed] = await db.select({ n: count() }).from(requests).where(eq(requests.accountId, actors.client.accountId));
  if ((filed?.n ?? 0) > 0)
    return `${CATALOG.length + BACKLOG_SONGS.length} catalog songs; Demo Records already has requests`;

  const move = (id: number, code: StatusCode, extra: Record<string, unknown> = {}) =>
    changeStatus(db, actors.employee, id, statusChangeSchema.parse({ code, ...extra }));
  for (const plan of REQUESTS) {
    const request = await createRequest(
      db,
      actors.client,
      createRequestSchema.parse({
        track: {
          album: { title: plan.album, artist: plan.artist, licensee: { id: actors.licenseeId } },
          lengthInSeconds: 215,
          releases: [{ formatId: plan.status === "licensed" ? 1005 : 1002, releaseQuantity: 500 }],
          song: { title: plan.title, originalRecordingArtist: plan.artist },
        },
      }),
    );
    const id = request.id;
    const song = plan.song ? songs.get(plan.song) : undefined;
    if (song) await linkSong(db, actors.employee, id, song.id);
    if (plan.status === "need_info")
      await askForInfo(db, actors.employee, id, { note: plan.note ?? null, noteVisibility: "public" });
    if (plan.status === "cannot_license")
      await move(id, "cannot_license", { reason: "changed_lyrics", note: "The lyrics are rewritten." });
    if (plan.status === "cancelled") await cancelRequest(db, actors.client, id, { note: "The album was shelved." });
    if (song && ["ready", "need_payment", "in_progress", "licensed"].includes(plan.status)) await move(id, "ready");
    if (song && ["need_payment", "in_progress", "licensed"].includes(plan.status)) await move(id, "need_payment");
    if (song && ["in_progress", "licensed"].includes(plan.status)) {
      // The client invoices the request and pays by bank transfer, which begins licensing.
      const invoice = await issueInvoice(db, actors.client, issueInvoiceSchema.parse({ requestIds: [id] }));
      const payment = {
        amount: invoice.due,
        reference: `Demo transfer ${invoice.number}`,
        receivedOn: isoDay(),
      };
      await recordPayment(db, actors.employee, invoice.id, paymentSchema.parse(payment));
      const served = plan.status === "licensed" ? song.owners : song.owners.slice(0, 1);
      const byMail = serveNoticeSchema.parse({
        method: "mail",
        carrier: "USPS",
        trackingNumber: `9400 1000 0000 ${id}`,
      });
      for (const owner of served) await serveNotice(db, actors.employee, id, owner.id, byMail);
    }
  }
  await seedPaidBacklog(db, actors, songs);
  return `${CATALOG.length + BACKLOG_SONGS.length} catalog songs, ${REQUESTS.length} requests in every status and an album of ${BACKLOG_SONGS.length} paid ones filed last week`;
}
