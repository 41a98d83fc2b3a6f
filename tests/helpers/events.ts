import * as eventsRoute from "@/app/api/events/route";
import { WEBHOOK_EVENTS } from "@/lib/webhooks/events";
import { call, clientKey } from "./api";
import type { Db } from "@/db/client";
import { registerWebhook, startReceiver, type Receiver } from "./webhooks";

/** GET /api/events with a query string (`after=evt_1&type=…`). */
export const readEvents = (key: string, query?: string) => call(eventsRoute.GET, "GET", "/api/events", { key, query });

/** A client account with an admin key and an endpoint at a fresh receiver, subscribed to `events` (default: all). */
export async function accountListening(
  db: Db,
  name: string,
  events: readonly string[] = WEBHOOK_EVENTS,
  track?: (r: Receiver) => void,
) {
  const account = await clientKey(db, name);
  const receiver = await startReceiver();
  track?.(receiver);
  const endpoint = await registerWebhook(account.key, receiver.url, [...events]);
  return { ...account, receiver, endpoint };
}
