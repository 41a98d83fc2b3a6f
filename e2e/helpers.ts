import { readFileSync } from "node:fs";
import { expect, type Page } from "@playwright/test";

const DEMO_PASSWORD = "coverdesk-demo";
export const DEMO_USERS = {
  employee: "staff@coverdesk.test",
  client: "client@coverdesk.test",
  licensee: "licensee@coverdesk.test",
} as const;

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** The API keys the e2e server command created for "Demo Records" and for staff. */
export function apiKey(kind: "client" | "staff"): string {
  const dir = process.env.E2E_PGLITE_DIR ?? ".data/e2e";
  return readFileSync(`${dir}-${kind}.key`, "utf8").trim();
}
