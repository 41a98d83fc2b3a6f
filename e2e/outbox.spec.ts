import { randomBytes } from "node:crypto";
import { expect, test } from "./fixtures";
import { startSmtpListener, type SmtpListener } from "../tests/helpers/smtp";
import { apiKey, DEMO_USERS, signIn } from "./helpers";

// The server sends mail to SMTP_URL = this listener (see playwright.config.ts), polling every 300 ms.
let smtp: SmtpListener;
test.beforeAll(async () => {
  smtp = await startSmtpListener({ port: Number(process.env.E2E_SMTP_PORT), refuse: true });
});
test.afterAll(async () => {
  await smtp?.close();
});

test("staff see a refused notification as failed, retry it, and it is sent once", async ({ page, request }) => {
  const album = `Outbox E2E ${randomBytes(4).toString("hex")}`;
  const headers = { Authorization: `Bearer ${apiKey("client")}` };
  const filed = await request.post("/api/requests", {
    headers,
    data: {
      track: {
        album: { title: album, artist: "The Mailers", licensee: { lastName: "Mailer", email: "mailer@example.com" } },
        releases: [{ formatId: 1002, releaseQuantity: 100 }],
        song: { title: "Please Mr. Postman", originalRecordingArtist: "The Marvelettes" },
      },
    },
  });
  expect(filed.status()).toBe(201);
  const { trackId } = await filed.json();
  const posted = await request.post(`/api/tracks/${trackId}/wallposts`, {
    headers,
    data: { message: "Is the license on its way?", isPrivate: false },
  });
  expect(posted.status()).toBe(201);

  await signIn(page, DEMO_USERS.employee);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Outbox" }).click();
  await expect(page.getByRole("heading", { name: "Outbox" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: album });
  await expect(async () => {
    await page.reload();
    await expect(row.getByRole("cell").nth(1)).toContainText("failed", { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(row.getByRole("cell").nth(0)).toContainText(`New public post on "${album}" by The Mailers`);
  await expect(row.getByRole("cell").nth(0)).toContainText("staff@coverdesk.test");
  await expect(row.getByRole("cell").nth(2)).toHaveText("1");
  await expect(row.getByRole("cell").nth(3)).toContainText("554");
  expect(smtp.mails).toHaveLength(0);

  smtp.setRefuse(false);
  await row.getByRole("button", { name: /^Retry message/ }).click();
  await expect(async () => {
    await page.reload();
    await expect(row.getByRole("cell").nth(1)).toContainText("sent", { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(row.getByRole("button", { name: /^Retry/ })).toHaveCount(0);

  const ours = smtp.mails.filter((m) => m.subject.includes(album));
  expect(ours).toHaveLength(1);
  expect(ours[0]!.to).toEqual(["staff@coverdesk.test"]);
  expect(ours[0]!.text).toContain("Is the license on its way?");

  await page.getByRole("link", { name: /^Sent \(/ }).click();
  await expect(page).toHaveURL(/status=sent/);
  await expect(page.getByRole("row").filter({ hasText: album })).toBeVisible();
});

test("the outbox is for staff only", async ({ page }) => {
  await signIn(page, DEMO_USERS.client);
  const res = await page.goto("/staff/outbox");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Outbox" })).toHaveCount(0);
});
