import { expect, test } from "./fixtures";
import { DEMO_USERS, signIn } from "./helpers";
import { createApiKey, expectAccessible, fileRequestViaApi } from "./portal";

test("a client edits an album title in place", async ({ page }) => {
  await signIn(page, DEMO_USERS.client);
  const key = await createApiKey(page, "album edit test");
  const request = await fileRequestViaApi(page, key);

  await page.goto(`/albums/${request.albumId}`);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Edit title" }).click();
  const title = page.getByRole("textbox", { name: "Title" });
  await expect(title).toBeFocused();
  await title.fill("");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("Must not be empty");

  await title.fill("Renamed In Place");
  await expectAccessible(page);
  await title.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Renamed In Place" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Edit title" })).toBeFocused();

  // The API reads the same change.
  const res = await page.request.get(`/api/albums/${request.albumId}`, { headers: { Authorization: `Bearer ${key}` } });
  expect(((await res.json()) as { title: string }).title).toBe("Renamed In Place");

  // A track field is edited the same way.
  await page.getByRole("button", { name: "Edit length" }).click();
  await page.getByRole("spinbutton", { name: "Length in seconds" }).fill("301");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("5:01")).toBeVisible();
});

test("after licensing has begun, album and song fields show locked with the reason", async ({ page }) => {
  await signIn(page, DEMO_USERS.client);
  // Golden Hour: the demo's request in licensing (db/seed.ts), which no test changes; other tests' requests in
  // licensing come and go.
  await page.goto("/requests?status=in_progress&q=Golden%20Hour");
  // The list's first request row (the table's first row holds its column headers).
  const first = page.getByRole("main").getByRole("row").nth(1);
  await expect(first, "the demo data has a request in licensing (db/seed.ts)").toBeVisible();
  await first.getByRole("link").nth(1).click();
  await expect(page).toHaveURL(/\/albums\/\d+$/);

  const album = page.getByRole("region", { name: "Album" });
  await expect(album.getByText("Locked: licensing has begun")).toHaveCount(2);
  await expect(album.getByRole("button", { name: "Edit title" })).toHaveCount(0);
  await expect(page.getByText("Locked: song linked to our catalog").first()).toBeVisible();
  await expectAccessible(page);
});

test("a licensee reads its own albums and requests but cannot edit, and never sees another licensee's", async ({
  page,
  browser,
}) => {
  // Client staff file one request for the demo licensee and one for another licensee of the same account.
  const client = await browser.newPage();
  await signIn(client, DEMO_USERS.client);
  const key = await createApiKey(client, "licensee view test");
  await client.goto("/licensees");
  await client.getByRole("link", { name: "Lee Licensee Music" }).click();
  await client.waitForURL(/\/licensees\/[0-9a-f-]{36}$/);
  const demoLicenseeId = /\/licensees\/([0-9a-f-]{36})$/.exec(client.url())![1]!;
  const mine = await fileRequestViaApi(client, key, `For Lee ${Date.now()}`, { id: demoLicenseeId });
  const other = await fileRequestViaApi(client, key);
  await client.close();

  await signIn(page, DEMO_USERS.licensee);
  await page.goto(`/albums/${other.albumId}`);
  await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
  await page.goto(`/requests/${other.id}`);
  await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();

  await page.goto("/requests");
  await expect(page.getByRole("link", { name: "Album of API song" })).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole("link", { name: "Album of For Lee" }).first().click();
  await expect(page).toHaveURL(`/albums/${mine.albumId}`);
  await expect(page.getByRole("heading", { name: "Tracks" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Edit/ })).toHaveCount(0);
  await expect(page.getByText("Locked:")).toHaveCount(0);
  await expectAccessible(page);
  await page.goto(`/requests/${mine.id}`);
  await expect(page.getByText("Received; we are researching the song's copyright owners.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel request" })).toHaveCount(0);
});
