import { randomBytes } from "node:crypto";
import { expect, type Browser, type Page } from "@playwright/test";
import { apiKey } from "./helpers";
import { acceptInvitation } from "./mail";
import { createApiKey } from "./portal";

export type FreshAccount = { id: number; name: string; email: string; admin: Page; key: string };

/**
 * A client account of the test's own, for what would reach every test of the demo account (its webhooks, every request
 * it has waiting for an invoice): staff open it, its admin accepts the mailed invitation in a browser of their own
 * and creates an API key in Settings.
 */
export async function freshClientAccount(browser: Browser, label: string): Promise<FreshAccount> {
  const run = randomBytes(4).toString("hex");
  const name = `${label} ${run}`;
  const email = `admin-${run}@fresh-account-e2e.example.com`;
  const admin = await (await browser.newContext()).newPage();
  const opened = await admin.request.post("/api/accounts", {
    headers: { Authorization: `Bearer ${apiKey("staff")}` },
    data: { name, admin: { email, name: `Admin of ${label}` } },
  });
  expect(opened.status()).toBe(201);
  const { id } = (await opened.json()) as { id: number };
  await acceptInvitation(admin, email);
  return { id, name, email, admin, key: await createApiKey(admin, `${label} key`) };
}
