import { inArray, sql } from "drizzle-orm";
import type { Db } from "./client";
import { requests, requestStatusEvents } from "./schema";
import type { Actor } from "@/lib/auth/actor";
import { issueInvoice } from "@/lib/billing/issue-invoice";
import { isoDay } from "@/lib/clock";
import { recordPayment } from "@/lib/billing/record-payment";
import { issueInvoiceSchema, paymentSchema } from "@/lib/money/schemas";
import { changeStatus } from "@/lib/workflow/change-status";
import { createRequest } from "@/lib/requests/create-request";
import { linkSong } from "@/lib/requests/link-song";
import { createRequestSchema } from "@/lib/requests/schemas";
import { statusChangeSchema } from "@/lib/workflow/status-schemas";

const FILED_DAYS_AGO = 8;

/** The batch's songs, in the demo catalog; every owner has a postal address, so every notice can go by mail. */
export const BACKLOG_SONGS = [
  {
    title: "Lighthouse Keeper",
    writers: ["Nell Harper"],
    owners: [{ name: "Harper House Music", postalAddress: "5 Beacon Street\nBoston, MA 02108", share: 100 }],
  },
  {
    title: "Low Tide",
    writers: ["Owen Marsh", "Rita Sands"],
    owners: [
      { name: "Marsh Music", postalAddress: "18 Estuary Lane\nCharleston, SC 29401", share: 50 },
      {
        name: "Sands Songs",
        postalAddress: "400 Dune Road\nMontauk, NY 11954",
        email: "rita@sandssongs.example.com",
        share: 50,
      },
    ],
  },
  {
    title: "Lantern Song",
    writers: ["Ida Lamp"],
    owners: [{ name: "Lamplight Publishing", postalAddress: "77 Wick Avenue\nYoungstown, OH 44503", share: 100 }],
  },
];

/**
 * The desk's next batch: an album of three tracks filed last week, researched, invoiced and paid today, waiting for
 * licensing to begin (the queue's bulk bar begins it, and its notices can be served on any day since the filing).
 */
export async function seedPaidBacklog(
  db: Db,
  actors: { client: Actor; employee: Actor; licenseeId: string },
  songs: Map<string, { id: number }>,
) {
  const ids: number[] = [];
  let albumId: number | undefined;
  for (const { title, writers } of BACKLOG_SONGS) {
    const album = albumId
      ? { id: albumId }
      : { title: "Quayside Sessions", artist: "The Quay Singers", licensee: { id: actors.licenseeId } };
    const request = await createRequest(
      db,
      actors.client,
      createRequestSchema.parse({
        track: {
          album,
          lengthInSeconds: 190,
          releases: [{ formatId: 1002, releaseQuantity: 1000 }],
          song: { title, originalRecordingArtist: writers[0] },
        },
      }),
    );
    albumId = request.albumId;
    await linkSong(db, actors.employee, request.id, songs.get(title)!.id);
    for (const code of ["ready", "need_payment"])
      await changeStatus(db, actors.employee, request.id, statusChangeSchema.parse({ code }));
    ids.push(request.id);
  }
  // Filed and researched last week: the rows are stamped by the database, so their history is moved back together.
  const back = sql`interval '${sql.raw(String(FILED_DAYS_AGO))} days'`;
  await db.transaction(async (tx) => {
    await tx
      .update(requests)
      .set({ dateAdded: sql`${requests.dateAdded} - ${back}` })
      .where(inArray(requests.id, ids));
    await tx
      .update(requestStatusEvents)
      .set({ dateAdded: sql`${requestStatusEvents.dateAdded} - ${back}` })
      .where(inArray(requestStatusEvents.requestId, ids));
  });
  const invoice = await issueInvoice(db, actors.client, issueInvoiceSchema.parse({ requestIds: ids }));
  await recordPayment(
    db,
    actors.employee,
    invoice.id,
    paymentSchema.parse({
      amount: invoice.due,
      reference: `Demo transfer ${invoice.number}`,
      receivedOn: isoDay(),
    }),
  );
}
