import { readFileSync } from "node:fs";
import { expect, type APIRequestContext, type Browser, type Page } from "@playwright/test";

const DEMO_PASSWORD = "coverdesk-demo";
export const DEMO_USERS = {
  employee: "staff@coverdesk.test",
  client: "client@coverdesk.test",
  licensee: "licensee@coverdesk.test",
  // The demo licensee's second user: only e2e/sign-in.spec.ts signs it out (which ends its sessions everywhere).
  licensee2: "licensee2@coverdesk.test",
} as const;

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * A page of its own browser context, signed in as `email`: to act as a second user beside `page`. Signing out
 * ends every session of that user, in every test running meanwhile, so a test switches users this way instead.
 */
export async function signedInPage(browser: Browser, email: string, password = DEMO_PASSWORD): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email, password);
  return page;
}

/** The API keys the e2e server command created for "Demo Records" and for staff. */
export function apiKey(kind: "client" | "staff"): string {
  const dir = process.env.E2E_PGLITE_DIR ?? ".data/e2e";
  return readFileSync(`${dir}-${kind}.key`, "utf8").trim();
}

/** Demo Records invoices a request waiting for payment, and staff record the bank transfer of its total. */
export async function invoiceAndPay(request: APIRequestContext, requestId: number) {
  const issued = await request.post("/api/invoices", {
    headers: { Authorization: `Bearer ${apiKey("client")}` },
    data: { requestIds: [requestId] },
  });
  expect(issued.status()).toBe(201);
  const invoice = (await issued.json()) as { id: number; number: string; due: string };
  const paid = await request.post(`/api/invoices/${invoice.id}/payments`, {
    headers: { Authorization: `Bearer ${apiKey("staff")}` },
    data: { amount: invoice.due, reference: `E2E ${invoice.number}`, receivedOn: serviceToday() },
  });
  expect(paid.status()).toBe(201);
}

/** From `ready`: staff ask for payment and the request is invoiced and paid, which begins licensing by itself. */
export async function payAndBegin(request: APIRequestContext, requestId: number) {
  const staff = { Authorization: `Bearer ${apiKey("staff")}` };
  expect(
    (
      await request.post(`/api/requests/${requestId}/status`, { headers: staff, data: { code: "need_payment" } })
    ).status(),
  ).toBe(200);
  await invoiceAndPay(request, requestId);
  const now = await request.get(`/api/requests/${requestId}`, { headers: staff });
  expect((await now.json()).status.code).toBe("in_progress");
}

/** Today in the service's calendar (the server's SERVICE_TIME_ZONE, America/Chicago unless set): a payment's day. */
export function serviceToday(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: process.env.SERVICE_TIME_ZONE ?? "America/Chicago" }).format(
    new Date(),
  );
}

const headers = () => ({ Authorization: `Bearer ${apiKey("client")}` });

/**
 * The demo licensee's id, found through the API: the demo seed files Demo Records requests for Lee Licensee
 * (licensee@coverdesk.test), whose id only the database knows.
 */
async function demoLicenseeId(request: APIRequestContext): Promise<string> {
  const list = await request.get("/api/requests?limit=1000", { headers: headers() });
  const ids = [...new Set(((await list.json()) as { licenseeId: string }[]).map((r) => r.licenseeId))];
  for (const id of ids) {
    const licensee = await (await request.get(`/api/licensees/${id}`, { headers: headers() })).json();
    if (licensee.email === DEMO_USERS.licensee) return id;
  }
  throw new Error(`The demo seed has no Demo Records request for ${DEMO_USERS.licensee}`);
}

/** A fresh album of the demo licensee, filed as Demo Records, so each test has a wall of its own. */
export async function demoLicenseeAlbum(request: APIRequestContext, title: string) {
  const filed = await request.post("/api/requests", {
    headers: headers(),
    data: {
      track: {
        album: { title, artist: "Lee Licensee", licensee: { id: await demoLicenseeId(request) } },
        releases: [{ formatId: 1002, releaseQuantity: 500 }],
        song: { title: "Jolene", originalRecordingArtist: "Dolly Parton" },
      },
    },
  });
  expect(filed.status()).toBe(201);
  return (await filed.json()) as { albumId: number; trackId: number };
}
