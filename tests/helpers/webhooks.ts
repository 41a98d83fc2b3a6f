import { randomUUID } from "node:crypto";
import http from "node:http";
import { and, eq } from "drizzle-orm";
import type { AddressInfo } from "node:net";
import * as webhooksRoute from "@/app/api/webhooks/route";
import { getDb } from "@/db";
import { webhookDeliveries, webhookEndpoints } from "@/db/schema";
import { call } from "./api";

type Received = { headers: Record<string, string>; body: string; answered: number | "hung" };
/** What the receiver does with its n-th request (0-based): answer a status, or hang (never answer in time). */
type Answer = (n: number) => number | "hang";

/** A real HTTP receiver (on 127.0.0.1 unless told) that records every request it gets and answers as told. */
export async function startReceiver(answer: Answer = () => 200, port = 0, host = "127.0.0.1") {
  const received: Received[] = [];
  const hung: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      const reply = answer(received.length);
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      received.push({ headers, body, answered: reply === "hang" ? "hung" : reply });
      if (reply === "hang") hung.push(res);
      else res.writeHead(reply).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${(server.address() as AddressInfo).port}/hook`;
  return {
    url,
    port: (server.address() as AddressInfo).port,
    received,
    /** The events it accepted (answered 2xx), in the order they came. */
    accepted: () =>
      received
        .filter((r) => typeof r.answered === "number" && r.answered < 300)
        .map((r) => JSON.parse(r.body) as { type: string; data: any }),
    close: () => {
      for (const res of hung) res.destroy();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** Registers an endpoint through POST /api/webhooks with an admin key; answers the endpoint with its secret. */
export async function registerWebhook(
  key: string,
  url: string,
  events: string[] = ["request.status_changed", "request.licensed", "wallpost.created", "request.created"],
) {
  const res = await call(webhooksRoute.POST, "POST", "/api/webhooks", { key, body: { url, events } });
  if (res.status !== 201) throw new Error(`registerWebhook failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; secret: string; url: string };
}

const FIXTURE_URL = "https://hooks.example.com/coverdesk";

/**
 * The account's fixture endpoint (made once, so fixtures never fill the account's endpoint limit) and a new delivery
 * on it, written directly: the id routes address them.
 */
export async function webhookFixture(accountId: number): Promise<{ webhookId: number; deliveryId: number }> {
  const db = await getDb();
  const [existing] = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.accountId, accountId), eq(webhookEndpoints.url, FIXTURE_URL)));
  const endpoint =
    existing ??
    (
      await db
        .insert(webhookEndpoints)
        .values({
          accountId,
          url: FIXTURE_URL,
          events: ["wallpost.created"],
          secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
        })
        .returning({ id: webhookEndpoints.id })
    )[0]!;
  const [delivery] = await db
    .insert(webhookDeliveries)
    .values({
      endpointId: endpoint.id,
      messageId: `msg_fixture_${randomUUID()}`,
      event: "wallpost.created",
      payload: { type: "wallpost.created" },
      status: "sent",
    })
    .returning();
  return { webhookId: endpoint.id, deliveryId: delivery!.id };
}
