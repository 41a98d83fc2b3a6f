import { expect, type Page } from "@playwright/test";
import { expectAccessible } from "./portal";
import { receivedMails } from "./mailbox";
import type { ReceivedMail } from "../tests/helpers/smtp";

/**
 * Waits for the mail to `to` whose subject contains `subject` (the server's outbox polls at OUTBOX_POLL_MS,
 * playwright.config.ts).
 */
export async function mailTo(to: string, subject: string): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect(() => {
    found = receivedMails().findLast((m) => m.to.includes(to) && m.subject.includes(subject));
    expect(found, `a mail to ${to} about "${subject}"`).toBeDefined();
  }).toPass({ timeout: 20_000 });
  return found!;
}

/** The one-time link in a mail, as a path on the e2e server. */
export function linkIn(mail: ReceivedMail): string {
  const url = /https?:\/\/\S+?\/(accept-invitation|reset-password)\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  if (!url) throw new Error(`no one-time link in: ${mail.text}`);
  const { pathname, search } = new URL(url);
  return pathname + search;
}

export const INVITED_PASSWORD = "a long and private phrase";

/** From the People page (already signed in): invites `email` as `role` (a licensee user: for `licensee`). */
export async function invite(
  page: Page,
  email: string,
  name: string,
  role: "member" | "admin" | "licensee",
  licensee?: string,
) {
  await page.goto("/people");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("They will be").selectOption(role);
  if (licensee) await page.getByLabel("Licensee").selectOption({ label: licensee });
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Invitation sent to ${email}` })).toBeVisible();
}

/** Opens the invitation link mailed to `email`, accepts with INVITED_PASSWORD, and lands signed in on the dashboard. */
export async function acceptInvitation(page: Page, email: string) {
  await page.goto(linkIn(await mailTo(email, "You are invited to CoverDesk")));
  await expect(page.getByRole("heading", { name: "Accept your invitation" })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("New password", { exact: true }).fill(INVITED_PASSWORD);
  await page.getByLabel("New password, again").fill(INVITED_PASSWORD);
  await page.getByRole("button", { name: "Accept and sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}
