import { expect, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "coverdesk-demo";
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
