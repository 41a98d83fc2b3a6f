import { and, eq, isNull } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { albums, formats, outboxMessages, salesAlerts, tracks, users } from "@/db/schema";
import { now } from "@/lib/clock";
import { publicBaseUrl } from "@/lib/notifications/public-base-url";
import { enqueueWebhookEvent } from "@/lib/webhooks/enqueue-webhook-event";
import { ALERT_LEVELS, levelOf, shortfallOf, type AlertLevel, type Standing } from "./sales-levels";

/** A threshold crossed by an upload, as the upload's answer and the webhook event show it. */
export type SalesAlert = Standing & { releaseId: number; level: AlertLevel; shortfall: number };

/**
 * Inside the upload's transaction: writes a row for every threshold the standings reached that has not alerted yet
 * for this licensed quantity (the unique index makes each alert once, even across processes), and for each track and
 * format its highest new threshold becomes a `sales.alert` event and a line of one mail to the account's
 * client staff (never licensee users: docs/product-rules.md, "Sales alerts").
 */
export async function raiseSalesAlerts(
  tx: Tx,
  accountId: number,
  releaseId: number,
  standings: Standing[],
): Promise<SalesAlert[]> {
  const raised: SalesAlert[] = [];
  for (const s of standings) {
    const reached = levelOf(s);
    if (reached === null) continue;
    const levels = ALERT_LEVELS.filter((l) => l <= reached);
    const written = await tx
      .insert(salesAlerts)
      .values(
        levels.map((level) => ({
          accountId,
          releaseId,
          trackId: s.trackId,
          formatId: s.formatId,
          level,
          licensedUnits: s.licensed,
          soldUnits: s.sold,
        })),
      )
      .onConflictDoNothing()
      .returning({ level: salesAlerts.level });
    if (written.length === 0) continue;
    raised.push({
      ...s,
      releaseId,
      level: Math.max(...written.map((w) => w.level)) as AlertLevel,
      shortfall: shortfallOf(s),
    });
  }
  for (const alert of raised) {
    const data = () => Promise.resolve({ alert });
    // Endpoints still subscribed to the deprecated name get it as `sales.threshold_reached` (enqueueWebhookEvent).
    await enqueueWebhookEvent(tx, { accountId, type: "sales.alert", requestId: null, data });
  }
  if (raised.length > 0) await enqueueSalesAlertMail(tx, accountId, raised);
  return raised;
}

async function enqueueSalesAlertMail(tx: Tx, accountId: number, raised: SalesAlert[]) {
  const clientStaff = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, "client"), eq(users.accountId, accountId), isNull(users.deactivatedAt)));
  if (clientStaff.length === 0) return; // an account used through API keys alone has nobody to mail
  const described: string[] = [];
  let albumId = 0;
  for (const a of raised) {
    const [row] = await tx
      .select({ songTitle: tracks.songTitle, albumId: albums.id, albumTitle: albums.title, format: formats.title })
      .from(tracks)
      .innerJoin(albums, eq(albums.id, tracks.albumId))
      .innerJoin(formats, eq(formats.id, a.formatId))
      .where(eq(tracks.id, a.trackId));
    if (!row) continue;
    albumId = row.albumId;
    const what =
      a.level === 100 ? `over its licensed quantity (${a.shortfall} units short)` : "at 80 % of its licensed units";
    described.push(
      `- "${row.songTitle}" on "${row.albumTitle}" (${row.format}): ${a.sold} of ${a.licensed} licensed units sold, ${what}.`,
    );
  }
  const over = raised.some((a) => a.level === 100);
  const at = now();
  await tx.insert(outboxMessages).values({
    purpose: "client_notification",
    recipients: clientStaff.map((u) => u.email),
    subject: over ? "Sales over the licensed quantity" : "Sales at 80 % of the licensed quantity",
    body: [
      "Your latest sales report moved these tracks past a threshold of their licensed units:",
      ...described,
      "",
      `License more units from the album's page: ${publicBaseUrl()}/albums/${albumId}`,
    ].join("\n"),
    nextAttemptAt: at,
    dateAdded: at,
  });
}
