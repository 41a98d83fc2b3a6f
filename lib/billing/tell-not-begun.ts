import type { Tx } from "@/db/client";
import { clientStaffOf, notifyPeople } from "@/lib/notifications/notify-people";
import { paidNotBegunMail } from "@/lib/notifications/status-news-mail";
import { newsRequestOf } from "@/lib/requests/status-news";

/** What a paid request waits for, by the refusal's code, as the subject says it. */
const WAITS_FOR: Record<string, string> = {
  licensee_incomplete: "the licensee's details",
  invalid_transition: "the song's research",
  not_paid: "the rest of its payment",
};

/**
 * The client staff of each request a paid invoice could not begin are told why (kind licensing_begun), in the
 * payment's transaction: they paid and would otherwise wait without knowing for what.
 */
export async function tellNotBegun(
  tx: Tx,
  notBegun: { requestId: number; code: string; message: string }[],
): Promise<void> {
  for (const refusal of notBegun) {
    const request = await newsRequestOf(tx, refusal.requestId);
    const mail = paidNotBegunMail(request, WAITS_FOR[refusal.code] ?? "our staff", refusal.message);
    await notifyPeople(tx, await clientStaffOf(tx, request.accountId), {
      kind: "licensing_begun",
      purpose: "client_notification",
      ...mail,
    });
  }
}
