import { eq } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { albums, requests, tracks } from "@/db/schema";
import { formatAmount } from "@/lib/money/amounts";
import { clientStaffOf, licenseeUsersOf, notifyPeople } from "@/lib/notifications/notify-people";
import {
  cannotLicenseMail,
  licensedMail,
  licensingBegunMail,
  type NewsRequest,
} from "@/lib/notifications/status-news-mail";
import type { Visibility } from "@/lib/wall/visibilities";
import { mayRead } from "@/lib/wall/wall-permissions";
import { REASON_LABELS, type CannotLicenseReason, type StatusCode } from "./statuses";

/** A request as its news mails name it, with whom they go to. */
export async function newsRequestOf(db: Conn, requestId: number) {
  const [row] = await db
    .select({
      id: requests.id,
      accountId: requests.accountId,
      licenseeId: albums.licenseeId,
      songTitle: tracks.songTitle,
      albumTitle: albums.title,
      artist: albums.artist,
    })
    .from(requests)
    .innerJoin(tracks, eq(tracks.id, requests.trackId))
    .innerJoin(albums, eq(albums.id, tracks.albumId))
    .where(eq(requests.id, requestId));
  if (!row) throw new Error(`request ${requestId} vanished`);
  return row;
}

const CLIENT = { kind: "client" } as const;
const LICENSEE = { kind: "licensee" } as const;

/**
 * The status news of a move (docs/notifications-who-gets-what.md): licensing begun to client staff; licensed and cannot license to
 * client staff and the licensee's users, the licensee's without money. A status note goes to those who may read it.
 * Written in the transaction of the move; a medley whole's own move is news of its own request.
 */
export async function notifyStatusNews(
  tx: Conn,
  requestId: number,
  change: {
    to: StatusCode;
    reason?: CannotLicenseReason | null;
    note?: string | null;
    noteVisibility?: Visibility;
  },
  credit: { offInvoices: number; toBalance: number } | null,
): Promise<void> {
  if (change.to !== "in_progress" && change.to !== "licensed" && change.to !== "cannot_license") return;
  const request = await newsRequestOf(tx, requestId);
  const visibility = change.noteVisibility ?? "public";
  const noteFor = (reader: { kind: "client" | "licensee" }) =>
    change.note && mayRead(reader, visibility) ? change.note : null;
  const clients = await clientStaffOf(tx, request.accountId);
  const forClients = (
    kind: "licensing_begun" | "licensed" | "cannot_license",
    mail: { subject: string; body: string },
  ) => notifyPeople(tx, clients, { kind, purpose: "client_notification", ...mail });
  const forLicensee = async (kind: "licensed" | "cannot_license", mail: { subject: string; body: string }) =>
    notifyPeople(tx, await licenseeUsersOf(tx, request.licenseeId), {
      kind,
      purpose: "licensee_notification",
      ...mail,
    });
  const named: NewsRequest = request;
  switch (change.to) {
    case "in_progress":
      return forClients("licensing_begun", licensingBegunMail(named, noteFor(CLIENT)));
    case "licensed":
      await forClients("licensed", licensedMail(named));
      return forLicensee("licensed", licensedMail(named));
    case "cannot_license": {
      const label = change.reason ? REASON_LABELS[change.reason] : "No reason was given";
      const money = {
        offInvoices: formatAmount(credit?.offInvoices ?? 0),
        toBalance: formatAmount(credit?.toBalance ?? 0),
      };
      await forClients("cannot_license", cannotLicenseMail(named, { label, note: noteFor(CLIENT) }, money));
      return forLicensee("cannot_license", cannotLicenseMail(named, { label, note: noteFor(LICENSEE) }, null));
    }
  }
}
