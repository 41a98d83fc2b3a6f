import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { invoiceLines, requests } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { DomainError } from "@/lib/errors";
import { requireCompleteLicensee } from "@/lib/licensees/complete-licensee";
import { createOwnerNotices } from "@/lib/licensing/begin-licensing";
import { requirePaid } from "@/lib/money/require-paid";
import { applyTransition } from "@/lib/requests/apply-transition";
import { lockRequest } from "@/lib/requests/lock-request";
import { tellNotBegun } from "./tell-not-begun";

/** Who begins licensing when a card payment or the balance paid the invoice: no person did (docs/money.md). */
export const PAYMENT_ACTOR: Actor = { kind: "employee", name: "payment", userId: null, apiKeyId: null };

/**
 * The requests of an invoice that a payment may move (uncredited lines, in progress or waiting for payment), id
 * ascending. A payment locks them (album, then request, as every request write does) before it takes the account's
 * money lock, so a payment and a status change of the same request never deadlock.
 */
export async function lockInvoiceRequests(tx: Tx, invoiceId: number) {
  const rows = await tx
    .selectDistinct({ id: requests.id, statusCode: requests.statusCode })
    .from(invoiceLines)
    .innerJoin(requests, eq(requests.id, invoiceLines.requestId))
    .where(
      and(
        eq(invoiceLines.invoiceId, invoiceId),
        isNull(invoiceLines.creditedAt),
        inArray(requests.statusCode, ["in_progress", "need_payment"]),
      ),
    )
    .orderBy(asc(requests.id));
  for (const { id } of rows) await lockRequest(tx, {}, id);
  return rows;
}

/** A request a paid invoice could not move on, and why in words (the client is told). */
export type NotBegun = { requestId: number; code: string; message: string };

/**
 * An invoice fully paid (any method, or the balance): each of its `need_payment` requests moves to `in_progress` by
 * itself, its notices created, as an employee's "Begin licensing" does. One that cannot begin (its licensee lacks
 * what a notice must state, its song is no longer licensable) stays where it is; the refusals are returned, and its
 * client staff are mailed why (tell-not-begun.ts). A medley
 * whole is not moved here: it follows its parts. The caller holds the requests' locks (lockInvoiceRequests).
 */
export async function beginPaidRequests(
  tx: Tx,
  actor: Actor,
  requestIds: number[],
  note: string,
): Promise<{ begun: number[]; notBegun: NotBegun[] }> {
  const begun: number[] = [];
  const notBegun: NotBegun[] = [];
  for (const id of requestIds) {
    const request = await lockRequest(tx, {}, id);
    if (request.statusCode !== "need_payment" || request.medley) continue;
    try {
      await tx.transaction(async (attempt) => {
        await requirePaid(attempt, request.id);
        await requireCompleteLicensee(attempt, request.albumId);
        await createOwnerNotices(attempt, request);
        // The note names the invoice: client staff and employees read it, the licensee (who never sees invoices) not.
        await applyTransition(attempt, actor, request, { to: "in_progress", note, noteVisibility: "private" });
      });
      begun.push(id);
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
      notBegun.push({ requestId: id, code: e.code, message: e.detail });
    }
  }
  await tellNotBegun(tx, notBegun);
  return { begun, notBegun };
}
