import { randomBytes } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { DEMO_USERS, signIn } from "./helpers";
import { acceptInvitation, INVITED_PASSWORD, invite } from "./mail";
import { expectAccessible } from "./portal";

// Signing out, a password change, deactivation and a role change end the user's sessions at once: an old session
// cookie no longer opens pages, reads the API, or runs server actions (issue 11, "Session survives sign-out").
const run = randomBytes(3).toString("hex");
let admin: Page;
test.beforeAll(async ({ browser }) => {
  admin = await (await browser.newContext()).newPage();
  await signIn(admin, DEMO_USERS.client);
});

/** A new member of Demo Records, signed in in one browser, and a second browser holding a copy of that session cookie. */
async function memberWithCopiedSession(browser: Browser, name: string) {
  const email = `${name.toLowerCase()}-${run}@session-e2e.example.com`;
  await invite(admin, email, name, "member");
  const context = await browser.newContext();
  const page = await context.newPage();
  await acceptInvitation(page, email);
  const copy = await (await browser.newContext({ storageState: await context.storageState() })).newPage();
  await copy.goto("/settings/profile");
  await expect(copy.getByRole("heading", { name: "Profile" })).toBeVisible();
  expect((await copy.request.get("/api/requests")).status()).toBe(200);
  return { email, page, copy };
}

/** The copied session has ended: pages send it to sign in, the API refuses it, and its server action changes nothing. */
async function expectEnded(copy: Page) {
  // The profile page was open before the session ended: submitting its form runs the server action with the old cookie.
  await copy.getByLabel("Your name").fill("Changed By A Dead Session");
  await copy.getByRole("button", { name: "Save name" }).click();
  await expect(copy).toHaveURL(/\/login/);
  expect((await copy.request.get("/api/requests")).status()).toBe(401);
  await copy.goto("/dashboard");
  await expect(copy).toHaveURL(/\/login/);
  await admin.goto("/people");
  await expect(admin.getByRole("list", { name: "People" })).not.toContainText("Changed By A Dead Session");
}

test("signing out ends the session everywhere", async ({ browser }) => {
  const { page, copy } = await memberWithCopiedSession(browser, "Outgoing");
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login/);
  await expectEnded(copy);
});

test("changing one's password ends the other sessions and keeps this one", async ({ browser }) => {
  const { page, copy } = await memberWithCopiedSession(browser, "Changer");
  await page.goto("/settings/profile");
  await expectAccessible(page);
  await page.getByLabel("Current password").fill(INVITED_PASSWORD);
  await page.getByLabel("New password", { exact: true }).fill("another long private phrase");
  await page.getByLabel("New password, again").fill("another long private phrase");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page).toHaveURL(/\/settings\/profile\?password=changed$/);
  await expect(page.getByRole("status").filter({ hasText: "Your password is changed" })).toBeVisible();
  await expectEnded(copy);
  await page.reload();
  await expect(page.getByLabel("Your name")).toHaveValue("Changer");
});

test("deactivating a person ends their sessions at once, and they cannot sign in", async ({ browser }) => {
  const { email, copy } = await memberWithCopiedSession(browser, "Leaver");
  await admin.goto("/people");
  const row = admin.getByRole("list", { name: "People" }).getByRole("listitem").filter({ hasText: email });
  await row.getByRole("button", { name: "Deactivate Leaver" }).click();
  await row.getByRole("button", { name: "Yes, deactivate Leaver" }).click();
  await expect(row).toContainText("Deactivated");
  await expectEnded(copy);
  const again = await (await browser.newContext()).newPage();
  await again.goto("/login");
  await again.getByLabel("Email").fill(email);
  await again.getByLabel("Password").fill(INVITED_PASSWORD);
  await again.getByRole("button", { name: "Sign in" }).click();
  await expect(again.getByRole("main").getByRole("alert")).toBeVisible();
  await expect(again).toHaveURL(/\/login/);
});

test("changing a person's role ends their sessions; they come back with the new role", async ({ browser }) => {
  const { email, copy } = await memberWithCopiedSession(browser, "Promoted");
  await admin.goto("/people");
  const row = admin.getByRole("list", { name: "People" }).getByRole("listitem").filter({ hasText: email });
  await row.getByRole("button", { name: "Make admin: Promoted" }).click();
  await expect(row).toContainText("Admin");
  await expectEnded(copy);
  const again = await (await browser.newContext()).newPage();
  await signIn(again, email, INVITED_PASSWORD);
  await expect(again.getByText("Promoted · Client admin")).toBeVisible();
});
