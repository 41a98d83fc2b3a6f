import { randomBytes } from "node:crypto";
import { expect, test } from "./fixtures";
import { apiKey, demoLicenseeAlbum, DEMO_USERS, signIn } from "./helpers";

test("a client raises the units of a ready request; staff see it flagged with both royalties and acknowledge it", async ({
  page,
  request,
}) => {
  const run = randomBytes(4).toString("hex");
  const title = `Changed E2E ${run}`;
  const staff = { Authorization: `Bearer ${apiKey("staff")}` };
  const client = { Authorization: `Bearer ${apiKey("client")}` };
  const filed = (await demoLicenseeAlbum(request, title)) as unknown as {
    id: number;
    trackId: number;
    releaseId: number;
  };

  const song = await request.post("/api/songs", {
    headers: staff,
    data: { title: `Jolene ${run}`, writers: ["Dolly Parton"], owners: [{ name: "Velvet Apple Music", share: 100 }] },
  });
  expect(song.status()).toBe(201);
  const songId = ((await song.json()) as { id: number }).id;
  expect(
    (await request.post(`/api/requests/${filed.id}/link-song`, { headers: staff, data: { songId } })).status(),
  ).toBe(200);
  expect(
    (await request.post(`/api/requests/${filed.id}/status`, { headers: staff, data: { code: "ready" } })).status(),
  ).toBe(200);
  const patched = await request.patch(`/api/tracks/${filed.trackId}/releases/${filed.releaseId}`, {
    headers: client,
    data: [{ op: "replace", path: "/releaseQuantity", value: 1000 }],
  });
  expect(patched.status()).toBe(200);

  await signIn(page, DEMO_USERS.employee);
  await page.goto(`/staff/queue?q=${encodeURIComponent(title)}`);
  await expect(
    page
      .getByRole("row")
      .filter({ hasText: title })
      .getByText(/^Changed since ready: \$\d+\.\d\d → \$\d+\.\d\d$/),
  ).toBeVisible();

  await page.goto(`/staff/requests/${filed.id}`);
  const notice = page.getByRole("region", { name: "Changed since ready" });
  await expect(notice).toContainText(/Royalty: \$\d+\.\d\d before, \$\d+\.\d\d now\./);
  await expect(page.getByText("Changed after ready: units 500 → 1000").first()).toBeVisible(); // on the timeline
  await notice.getByRole("button", { name: "Acknowledge changes" }).click();
  await expect(notice).toHaveCount(0);
  // The button left with the notice: the focus goes to the page's heading, not to the body.
  await expect(page.locator("main h1")).toBeFocused();
  await page.goto(`/staff/queue?q=${encodeURIComponent(title)}`);
  await expect(page.getByRole("row").filter({ hasText: title })).toBeVisible();
  await expect(page.getByText(/^Changed since ready/)).toHaveCount(0);
});
