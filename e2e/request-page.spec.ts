import { expect, test } from "./fixtures";
import { DEMO_USERS, signIn, signedInPage } from "./helpers";
import { createApiKey, expectAccessible, fileRequestViaApi } from "./portal";

test("a client follows a request's status and timeline, and cancels it while allowed", async ({ page }) => {
  await signIn(page, DEMO_USERS.client);
  const song = `Cancel me ${Date.now()}`;
  const request = await fileRequestViaApi(page, await createApiKey(page, "request page test"), song);

  // Found by its song: other tests file requests meanwhile, enough to push it off the list's first page.
  await page.goto(`/requests?q=${encodeURIComponent(song)}`);
  await page.getByRole("link", { name: song, exact: true }).click();
  await expect(page).toHaveURL(`/requests/${request.id}`);
  await expect(page.getByRole("heading", { level: 1, name: song })).toBeVisible();
  await expect(page.getByText("Received; we are researching the song's copyright owners.")).toBeVisible();
  await expect(page.getByText("$131.00", { exact: true })).toBeVisible();
  await expect(page.getByText("$147.99", { exact: true })).toBeVisible(); // amount due: royalty + $16.99 fee
  await expect(page.getByText("Not invoiced yet")).toBeVisible();
  const timeline = page.getByRole("region", { name: "Timeline" }).getByRole("listitem");
  await expect(timeline).toHaveCount(1);
  await expectAccessible(page);

  await page.getByRole("button", { name: "Cancel request" }).click();
  await expect(page.getByText("Cancel this request? It cannot be undone")).toBeVisible();
  await page.getByRole("button", { name: "Yes, cancel it" }).click();
  await expect(page.getByText("Withdrawn by the client before licensing began.")).toBeVisible();
  await expect(timeline).toHaveCount(2);
  await expect(page.getByRole("button", { name: "Cancel request" })).toHaveCount(0);

  await page.goto("/requests/999999999");
  await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
});

test("client staff edit a licensee's contact details and see its albums", async ({ page }) => {
  await signIn(page, DEMO_USERS.client);
  await page.goto("/licensees");
  await expectAccessible(page);
  await page.getByRole("link", { name: "Lee Licensee Music" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Lee Licensee Music" })).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel("Email").fill("not an email");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("must be an email address")).toBeVisible();
  await page.getByLabel("Email").fill("licensee@coverdesk.test");
  await page.getByLabel("Phone").fill("+1 512 555 0100");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Phone")).toHaveValue("+1 512 555 0100");
});

test("ids for the API are shown to client staff and employees, never to licensees", async ({ page, browser }) => {
  await signIn(page, DEMO_USERS.licensee);
  await page.goto("/requests?status=licensed");
  await page.getByRole("link", { name: "Blue Skies Again" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Blue Skies Again" })).toBeVisible();
  await expect(page.getByText("Ids for the API")).toHaveCount(0);
  const path = new URL(page.url()).pathname;

  for (const user of [DEMO_USERS.client, DEMO_USERS.employee]) {
    const other = await signedInPage(browser, user);
    await other.goto(path);
    await expect(other.getByText("Ids for the API")).toBeVisible();
    await other.context().close();
  }
});
