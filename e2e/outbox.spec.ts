import { randomBytes } from "node:crypto";
import { expect, test } from "./fixtures";
import { apiKey, DEMO_USERS, signIn } from "./helpers";
import { receivedMails, refuseMailsAbout } from "./mailbox";

// The server sends mail to the run's listener (e2e/global-setup.ts), polling at OUTBOX_POLL_MS (playwright.config.ts);
// it refuses this test's own mail (its album is in the subject) until the test lets it through.
test("staff see a refused notification as failed, retry it, and it is sent once", async ({ page, request }) => {
  const album = `Outbox E2E ${randomBytes(4).toString("hex")}`;
  const accept = refuseMailsAbout(album);
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
  // Other tests' mail comes and goes meanwhile: the failed list holds this test's message on its first page.
  await page.getByRole("link", { name: /^Failed \(/ }).click();
  await expect(page).toHaveURL(/status=failed/);
  const row = page.getByRole("row").filter({ hasText: album });
  await expect(async () => {
    await page.reload();
    await expect(row.getByRole("cell").nth(1)).toContainText("failed", { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(row.getByRole("cell").nth(0)).toContainText(`New public post on "${album}" by The Mailers`);
  await expect(row.getByRole("cell").nth(0)).toContainText("staff@coverdesk.test");
  await expect(row.getByRole("cell").nth(2)).toHaveText("1");
  await expect(row.getByRole("cell").nth(3)).toContainText("554");
  const ours = () => receivedMails().filter((m) => m.subject.includes(album));
  expect(ours()).toHaveLength(0);

  accept();
  await row.getByRole("button", { name: /^Retry message/ }).click();
  // Retried, it leaves the failed list; sent, it is on the sent one.
  await expect(async () => {
    await page.reload();
    await expect(row).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await page.getByRole("link", { name: /^Sent \(/ }).click();
  await expect(page).toHaveURL(/status=sent/);
  await expect(async () => {
    await page.reload();
    await expect(row.getByRole("cell").nth(1)).toContainText("sent", { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(row.getByRole("button", { name: /^Retry/ })).toHaveCount(0);

  expect(ours()).toHaveLength(1);
  expect(ours()[0]!.to).toEqual(["staff@coverdesk.test"]);
  expect(ours()[0]!.text).toContain("Is the license on its way?");
});

test("the outbox is for staff only", async ({ page }) => {
  await signIn(page, DEMO_USERS.client);
  const res = await page.goto("/staff/outbox");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Outbox" })).toHaveCount(0);
});
