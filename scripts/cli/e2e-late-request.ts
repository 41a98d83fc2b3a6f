import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { DEMO_PASSWORD } from "@/db/seed";
import { catalogSongs, licensees, releases, requests } from "@/db/schema";
import { actorFromSessionUser, verifyCredentials } from "@/lib/auth/users";
import { issueInvoice } from "@/lib/billing/issue-invoice";
import { isoDay, serviceDate } from "@/lib/clock";
import { recordPayment } from "@/lib/billing/record-payment";
import { issueInvoiceSchema, paymentSchema } from "@/lib/money/schemas";
import { createRequest } from "@/lib/requests/create-request";
import { linkSong } from "@/lib/requests/link-song";
import { createRequestSchema } from "@/lib/requests/schemas";
import { changeStatus } from "@/lib/workflow/change-status";
import { statusChangeSchema } from "@/lib/workflow/status-schemas";

/** The album e2e/late-notice.spec.ts finds in the staff queue. */
const ALBUM = "Late Letters";

/**
 * A request of the demo client in licensing whose notices are already overdue, for the browser test of a late
 * notice: the server's clock is the real one, and a request filed today is never late today. It is filed and paid
 * through the use cases, then its release is moved to the current month and its filing three days back (as the demo's
 * backlog is), so its notices were due by yesterday at the latest.
 */
export async function fileLateRequest(db: Db): Promise<void> {
  const [staff, client] = await Promise.all(
    ["staff@coverdesk.test", "client@coverdesk.test"].map((email) => verifyCredentials(db, email, DEMO_PASSWORD)),
  );
  if (!staff || !client) throw new Error("the demo users are missing: seed first");
  const employee = actorFromSessionUser(staff);
  const [licensee] = await db
    .select({ id: licensees.id })
    .from(licensees)
    .where(eq(licensees.externalLicenseeId, "demo-licensee-1"));
  const [song] = await db
    .select({ id: catalogSongs.id })
    .from(catalogSongs)
    .where(eq(catalogSongs.title, "Midnight Train Blues"));
  if (!licensee || !song) throw new Error("the demo licensee or catalog is missing: seed first");
  const request = await createRequest(
    db,
    actorFromSessionUser(client),
    createRequestSchema.parse({
      track: {
        album: { title: ALBUM, artist: "The Stragglers", licensee: { id: licensee.id } },
        lengthInSeconds: 200,
        releases: [{ formatId: 1002, releaseQuantity: 300 }],
        song: { title: "Midnight Train Blues", originalRecordingArtist: "Willie Jackson" },
      },
    }),
  );
  await linkSong(db, employee, request.id, song.id);
  for (const code of ["ready", "need_payment"])
    await changeStatus(db, employee, request.id, statusChangeSchema.parse({ code }));
  const invoice = await issueInvoice(
    db,
    actorFromSessionUser(client),
    issueInvoiceSchema.parse({ requestIds: [request.id] }),
  );
  await recordPayment(
    db,
    employee,
    invoice.id,
    paymentSchema.parse({
      amount: invoice.due,
      reference: `E2E ${invoice.number}`,
      receivedOn: isoDay(),
    }),
  );
  const [paid] = await db.select({ code: requests.statusCode }).from(requests).where(eq(requests.id, request.id));
  if (paid?.code === "need_payment")
    await changeStatus(db, employee, request.id, statusChangeSchema.parse({ code: "in_progress" }));
  const { year, month } = serviceDate();
  await db.transaction(async (tx) => {
    await tx.update(releases).set({ releaseYear: year, releaseMonth: month }).where(eq(releases.id, request.releaseId));
    await tx
      .update(requests)
      .set({ dateAdded: sql`${requests.dateAdded} - interval '3 days'` })
      .where(eq(requests.id, request.id));
  });
}
