import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { apiKey, DEMO_USERS, signIn } from "./helpers";
import { acceptInvitation, invite, linkIn, mailTo } from "./mail";
import { receivedMails } from "./mailbox";
import { createApiKey, expectAccessible, fileRequestViaApi } from "./portal";

const run = randomBytes(3).toString("hex");

const noSideScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test("an employee opens an account and invites its admin, who invites a licensee user who sees only that licensee's albums", async ({
  browser,
}) => {
  const accountName = `People E2E ${run}`;
  const adminEmail = `admin-${run}@people-e2e.example.com`;
  const artistEmail = `artist-${run}@people-e2e.example.com`;

  // 1. The employee opens the account on the staff pages; its first admin is invited by email.
  const staff = await (await browser.newContext()).newPage();
  await signIn(staff, DEMO_USERS.employee);
  await staff.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Accounts" }).click();
  await expect(staff.getByRole("heading", { name: "Client accounts" })).toBeVisible();
  await expectAccessible(staff);
  await staff.getByLabel("Account name").fill(accountName);
  await staff.getByLabel("Admin's email").fill(adminEmail);
  await staff.getByLabel("Admin's name").fill("Ada Admin");
  await staff.getByRole("button", { name: "Open account and invite" }).click();
  await expect(staff.getByRole("heading", { name: accountName })).toBeVisible();
  await expect(staff.getByRole("list", { name: "Open invitations" })).toContainText(adminEmail);
  await expect(staff.getByRole("table")).toContainText("account.created");
  await expectAccessible(staff);

  // 2. The admin gets the mail on the SMTP listener, accepts at phone width, and is signed in as the account's admin.
  const admin = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await acceptInvitation(admin, adminEmail);
  await expect(admin.getByText("Ada Admin · Client admin")).toBeVisible();
  expect(await noSideScroll(admin)).toBe(true);

  // 3. The admin files requests for two licensees through the API with a key made in Settings.
  const key = await createApiKey(admin, `E2E key ${run}`);
  const mine = await fileRequestViaApi(admin, key, `Mine ${run}`, {
    companyName: `Mine Music ${run}`,
    email: `mine-${run}@example.com`,
  });
  await fileRequestViaApi(admin, key, `Theirs ${run}`, {
    companyName: `Theirs Music ${run}`,
    email: `theirs-${run}@example.com`,
  });
  const theirs = await fileRequestViaApi(admin, key, `Theirs too ${run}`, {
    companyName: `Other ${run}`,
    email: `other-${run}@example.com`,
  });

  // 4. …and invites a licensee user for one licensee from People.
  await admin.goto("/people");
  await expectAccessible(admin);
  expect(await noSideScroll(admin)).toBe(true);
  await invite(admin, artistEmail, "Art Ist", "licensee", `Mine Music ${run} (mine-${run}@example.com)`);
  await expect(admin.getByRole("list", { name: "Open invitations" })).toContainText("Licensee user (Mine Music");

  // 5. The licensee user accepts and sees only that licensee's album.
  const artist = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await acceptInvitation(artist, artistEmail);
  await expect(artist.getByRole("heading", { name: "Your albums" })).toBeVisible();
  await expect(artist.getByRole("link", { name: `Album of Mine ${run}` })).toBeVisible();
  await expect(artist.getByText(`Theirs ${run}`)).toHaveCount(0);
  expect((await artist.goto(`/albums/${theirs.albumId}`))?.status()).toBe(404);
  expect((await artist.goto(`/albums/${mine.albumId}`))?.status()).toBe(200);

  // The account page shows them, and the audit trail says who did what.
  await staff.reload();
  await expect(staff.getByRole("list", { name: "People" })).toContainText("Art Ist");
  await expect(staff.getByRole("table")).toContainText("invitation.accepted");
});

test("Forgot password? mails a one-time link that sets a new password, signs in, and ends the other sessions", async ({
  browser,
}) => {
  const email = `forgetful-${run}@people-e2e.example.com`;
  // A user of our own, invited by the demo client admin.
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, DEMO_USERS.client);
  await invite(admin, email, "Fay Forgetful", "member");
  const old = await (await browser.newContext()).newPage();
  await acceptInvitation(old, email);

  const page = await (await browser.newContext()).newPage();
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Forgot your password?" })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(page.getByRole("status")).toContainText(`If ${email} has a CoverDesk sign-in`);
  // The same answer for an address nobody has.
  const other = await (await browser.newContext()).newPage();
  await other.goto("/forgot-password");
  await other.getByLabel("Email").fill(`nobody-${run}@people-e2e.example.com`);
  await other.getByRole("button", { name: "Send me a link" }).click();
  await expect(other.getByRole("status")).toContainText(
    `If nobody-${run}@people-e2e.example.com has a CoverDesk sign-in`,
  );

  const link = linkIn(await mailTo(email, "Reset your CoverDesk password"));
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("New password", { exact: true }).fill("a brand new passphrase");
  await page.getByLabel("New password, again").fill("a brand new passphrase");
  await page.getByRole("button", { name: "Save password and sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText("Fay Forgetful · Client member")).toBeVisible();

  // The session signed in before the reset has ended; the link is dead.
  await old.goto("/dashboard");
  await expect(old).toHaveURL(/\/login/);
  await page.goto(link);
  await expect(page.getByRole("main").getByRole("alert")).toContainText("not valid any more");
  expect(receivedMails().filter((m) => m.to.includes(`nobody-${run}@people-e2e.example.com`))).toHaveLength(0);
});

test("an employee suspends an account: its admin is shown why and its keys are refused, until it is reactivated", async ({
  browser,
}) => {
  const name = `Paused E2E ${run}`;
  const email = `boss-${run}@paused-e2e.example.com`;
  const staff = await (await browser.newContext()).newPage();
  const opened = await staff.request.post("/api/accounts", {
    headers: { Authorization: `Bearer ${apiKey("staff")}` },
    data: { name, admin: { email, name: "Pat Paused" } },
  });
  expect(opened.status()).toBe(201);
  const { id } = (await opened.json()) as { id: number };
  const boss = await (await browser.newContext()).newPage();
  await acceptInvitation(boss, email);
  const key = await createApiKey(boss, `Paused key ${run}`);

  await signIn(staff, DEMO_USERS.employee);
  await staff.goto(`/staff/accounts/${id}`);
  await staff.getByRole("button", { name: "Suspend account" }).click();
  await staff.getByRole("button", { name: "Yes, suspend it" }).click();
  await expect(staff.getByRole("status").filter({ hasText: "Suspended" })).toBeVisible();

  await boss.goto("/requests");
  await expect(boss).toHaveURL(/\/account-suspended$/);
  await expect(boss.getByRole("heading", { name: "Your account is suspended" })).toBeVisible();
  await expectAccessible(boss);
  const refused = await boss.request.get("/api/requests", { headers: { Authorization: `Bearer ${key}` } });
  expect([refused.status(), ((await refused.json()) as { code: string }).code]).toEqual([403, "account_suspended"]);

  await staff.getByRole("button", { name: "Reactivate account" }).click();
  await expect(staff.getByRole("button", { name: "Suspend account" })).toBeVisible();
  expect((await boss.request.get("/api/requests", { headers: { Authorization: `Bearer ${key}` } })).status()).toBe(200);
  await boss.goto("/requests");
  await expect(boss).toHaveURL(/\/requests$/);

  // The whole audit trail, narrowed to the account record: its suspension is there, the invitation is not.
  await staff.getByRole("link", { name: "The whole trail, by record or person" }).click();
  const trail = staff.getByRole("main").getByRole("table");
  await expect(trail).toContainText("invitation.sent");
  await staff.getByLabel("Record", { exact: true }).selectOption("account");
  await staff.getByRole("button", { name: "Filter" }).click();
  await expect(staff).toHaveURL(/entity=account/);
  await expect(staff.getByRole("status").filter({ hasText: "match these filters" })).toBeVisible();
  await expect(trail).toContainText("account.suspended");
  await expect(trail).not.toContainText("invitation.sent");
  await expectAccessible(staff);
});
