import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { expectAccessible } from "./portal";
import { startSmtpListener, type ReceivedMail, type SmtpListener } from "../tests/helpers/smtp";

/**
 * The real SMTP listener the e2e server mails to (SMTP_URL in playwright.config.ts), open while the spec's tests run:
 * call it once at the top of a spec file, and what it returns inside the tests.
 */
export function mailListener(): () => SmtpListener {
  let smtp: SmtpListener | undefined;
  test.beforeAll(async () => {
    smtp = await startSmtpListener({ port: Number(process.env.E2E_SMTP_PORT) });
  });
  test.afterAll(async () => {
    await smtp?.close();
  });
  return () => {
    if (!smtp) throw new Error("the mail listener starts before the spec's tests: use it inside a test");
    return smtp;
  };
}

/** Waits for the mail to `to` whose subject contains `subject` (the server's outbox polls every 300 ms). */
export async function mailTo(smtp: SmtpListener, to: string, subject: string): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect(() => {
    found = smtp.mails.findLast((m) => m.to.includes(to) && m.subject.includes(subject));
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
export async function invite(page: Page, email: string, name: string, role: "member" | "admin" | "licensee", licensee?: string) {
  await page.goto("/people");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("They will be").selectOption(role);
  if (licensee) await page.getByLabel("Licensee").selectOption({ label: licensee });
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Invitation sent to ${email}` })).toBeVisible();
}

/** Opens the invitation link mailed to `email`, accepts with INVITED_PASSWORD, and lands signed in on the dashboard. */
export async function acceptInvitation(page: Page, smtp: SmtpListener, email: string) {
  await page.goto(linkIn(await mailTo(smtp, email, "You are invited to CoverDesk")));
  await expect(page.getByRole("heading", { name: "Accept your invitation" })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("New password", { exact: true }).fill(INVITED_PASSWORD);
  await page.getByLabel("New password, again").fill(INVITED_PASSWORD);
  await page.getByRole("button", { name: "Accept and sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}
