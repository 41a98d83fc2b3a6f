import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { apiKey, DEMO_USERS, signIn } from "./helpers";
import { mailTo } from "./mail";

// Markup that would run if any page or mail put it into HTML unescaped: a script, and an image whose error handler runs.
const PAYLOAD = `<script>window.__xss = "script"; alert("script")</script><img src="/x.png" onerror="window.__xss = 'handler'; alert('handler')">`;

/** Fails the test on any dialog the page opens (an alert() that ran). */
function refuseDialogs(page: Page): string[] {
  const opened: string[] = [];
  page.on("dialog", (dialog) => {
    opened.push(dialog.message());
    void dialog.dismiss();
  });
  return opened;
}

async function expectNothingRan(page: Page, dialogs: string[]) {
  expect(await page.locator("main img[onerror], main script").count()).toBe(0);
  expect(await page.evaluate(() => (window as { __xss?: string }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
}

test("markup sent through the API shows as text in the portal and in the staff email, and never runs", async ({
  page,
  browser,
  request,
}) => {
  const stamp = Date.now();
  const headers = { Authorization: `Bearer ${apiKey("client")}` };
  const filed = await request.post("/api/requests", {
    headers,
    data: {
      track: {
        album: {
          title: `Album ${stamp} ${PAYLOAD}`,
          artist: `Artist ${PAYLOAD}`,
          licensee: { companyName: `Co ${PAYLOAD}`, lastName: "X", email: "x@example.com" },
        },
        releases: [{ formatId: 1002, releaseQuantity: 500 }],
        song: { title: `Song ${PAYLOAD}`, originalRecordingArtist: "Someone" },
      },
    },
  });
  expect(filed.status()).toBe(201);
  const { id, albumId, trackId } = (await filed.json()) as { id: number; albumId: number; trackId: number };
  const wall = await request.post(`/api/tracks/${trackId}/wallposts`, {
    headers,
    data: { message: `Note ${stamp} ${PAYLOAD}` },
  });
  expect(wall.status()).toBe(201);

  const dialogs = refuseDialogs(page);
  await signIn(page, DEMO_USERS.client);
  await page.goto(`/albums/${albumId}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Album ${stamp} ${PAYLOAD}`);
  await expect(page.getByText(`by Artist ${PAYLOAD}`).first()).toBeVisible();
  await expect(page.getByText(`Song ${PAYLOAD}`).first()).toBeVisible();
  await expectNothingRan(page, dialogs);

  await page.goto(`/albums/${albumId}/wall`);
  await expect(page.getByText(`Note ${stamp} ${PAYLOAD}`).first()).toBeVisible();
  await expectNothingRan(page, dialogs);

  await page.goto(`/requests/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Song ${PAYLOAD}`);
  await expectNothingRan(page, dialogs);

  const staff = await browser.newPage();
  const staffDialogs = refuseDialogs(staff);
  await signIn(staff, DEMO_USERS.employee);
  await staff.goto(`/staff/requests/${id}`);
  await expect(staff.getByText(`Song ${PAYLOAD}`).first()).toBeVisible();
  await expect(staff.getByText(`Album ${stamp} ${PAYLOAD}`).first()).toBeVisible();
  await expectNothingRan(staff, staffDialogs);
  await staff.close();

  const mail = await mailTo(DEMO_USERS.employee, `Album ${stamp}`);
  // Typed text reaches staff mail as typed, except that nothing in it can become a link ("/x.png" reads "/x[.]png").
  expect(mail.text).toContain(`Note ${stamp} ${PAYLOAD.replace("/x.png", "/x[.]png")}`);
  expect(mail.html).toContain(`Note ${stamp} &lt;script&gt;window.__xss = &quot;script&quot;`);
  expect(mail.html).not.toMatch(/<script|<img/i);
});
