import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import Stripe from "stripe";

/** A Checkout Session as the stand-in keeps it: Stripe's fields the app reads, and the form the SDK sent. */
export type StandInSession = {
  id: string;
  object: "checkout.session";
  mode: string;
  currency: string;
  amount_total: number;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_status: "paid" | "unpaid" | "no_payment_required";
  status: "open" | "complete" | "expired";
  success_url: string;
  cancel_url: string;
  url: string;
  /** The form-encoded parameters exactly as the SDK sent them (`line_items[0][price_data][currency]`…). */
  sent: Record<string, string>;
  /** The Authorization header the SDK sent (the secret key). */
  authorization: string | undefined;
};

type Delivery = { payload: string; signature: string };

/**
 * A local stand-in for Stripe's API and hosted Checkout page, so tests run the real SDK with no network: the SDK
 * creates and reads Sessions (STRIPE_API_BASE points here), `/pay/{id}` is the hosted page whose "Pay" button signs a
 * `checkout.session.completed` event with the SDK's test header, sends it to the app's webhook (`deliver`, or a POST
 * to `webhookUrl`), then sends the browser to the Session's success_url.
 */
export async function startStripeStandIn(opts: {
  secret: string;
  port?: number;
  webhookUrl?: string;
  deliver?: (delivery: Delivery) => Promise<unknown>;
}) {
  const sessions = new Map<string, StandInSession>();
  let base = "";
  const deliver =
    opts.deliver ??
    (async ({ payload, signature }: Delivery) => {
      const res = await fetch(opts.webhookUrl!, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
        body: payload,
      });
      if (!res.ok) throw new Error(`the webhook answered ${res.status}: ${await res.text()}`);
    });

  /** A signed event about a Session, as Stripe would send it. */
  function signedEvent(
    type: string,
    session: Partial<StandInSession> & { id: string },
    eventId = `evt_test_${randomBytes(8).toString("hex")}`,
  ): Delivery {
    const { sent: _sent, authorization: _authorization, ...object } = { ...sessions.get(session.id), ...session };
    const payload = JSON.stringify({
      id: eventId,
      object: "event",
      type,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object },
    });
    return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: opts.secret }) };
  }

  /** The hosted page's "Pay": the Session paid in full (or `amountTotal` cents), its event delivered. */
  async function pay(id: string, amountTotal?: number) {
    const session = sessions.get(id);
    if (!session) throw new Error(`no Session ${id}`);
    Object.assign(session, { payment_status: "paid", status: "complete" });
    if (amountTotal !== undefined) session.amount_total = amountTotal;
    await deliver(signedEvent("checkout.session.completed", session));
    return session;
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { "Content-Type": "text/plain" }).end(String(error));
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", base);
    const body = await readBody(req);
    const sessionPath = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
    const payPath = /^\/pay\/([^/]+)$/.exec(url.pathname);
    if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
      const sent = Object.fromEntries(new URLSearchParams(body));
      const id = `cs_test_${randomBytes(12).toString("hex")}`;
      const session: StandInSession = {
        id,
        object: "checkout.session",
        mode: sent.mode ?? "payment",
        currency: sent["line_items[0][price_data][currency]"] ?? "usd",
        amount_total:
          Number(sent["line_items[0][price_data][unit_amount]"]) * Number(sent["line_items[0][quantity]"] ?? 1),
        client_reference_id: sent.client_reference_id ?? null,
        metadata: Object.fromEntries(
          Object.entries(sent)
            .filter(([k]) => k.startsWith("metadata["))
            .map(([k, v]) => [k.slice("metadata[".length, -1), v]),
        ),
        payment_status: "unpaid",
        status: "open",
        success_url: sent.success_url ?? "",
        cancel_url: sent.cancel_url ?? "",
        url: `${base}/pay/${id}`,
        sent,
        authorization: req.headers.authorization,
      };
      sessions.set(id, session);
      return sendJson(res, 200, publicView(session));
    }
    if (req.method === "GET" && sessionPath) {
      const session = sessions.get(sessionPath[1]!);
      if (!session) return sendJson(res, 404, { error: { type: "invalid_request_error", message: "No such session" } });
      return sendJson(res, 200, publicView(session));
    }
    if (req.method === "GET" && payPath && sessions.has(payPath[1]!)) {
      const session = sessions.get(payPath[1]!)!;
      const dollars = (session.amount_total / 100).toFixed(2);
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      return res.end(
        `<!doctype html><html lang="en"><head><title>Stripe stand-in checkout</title></head><body>` +
          `<h1>Pay $${dollars} ${session.currency.toUpperCase()}</h1>` +
          `<form method="post" action="/pay/${session.id}"><button type="submit">Pay</button></form>` +
          `<a href="${session.cancel_url}">Cancel</a></body></html>`,
      );
    }
    if (req.method === "POST" && payPath && sessions.has(payPath[1]!)) {
      const session = await pay(payPath[1]!);
      res.writeHead(303, { Location: session.success_url });
      return res.end();
    }
    res.writeHead(404, { "Content-Type": "text/plain" }).end("not found");
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, "127.0.0.1", () => resolve());
  });
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    base,
    sessions,
    signedEvent,
    pay,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const publicView = ({ sent: _sent, authorization: _authorization, ...session }: StandInSession) => session;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
}
