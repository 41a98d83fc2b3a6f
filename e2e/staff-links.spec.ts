import { expect, test } from "./fixtures";
import { DEMO_USERS, signIn } from "./helpers";
import { createApiKey, expectAccessible, fileRequestViaApi } from "./portal";

// The staff dashboard's newest wall posts are the newest of every account: other tests' posts would push these out.
test(
  "staff move from a request to its album, wall and licensee; Need info posts what is missing on the wall",
  { tag: "@exclusive" },
  async ({ page }) => {
    const song = `Need Info Song ${Date.now()}`;
    await signIn(page, DEMO_USERS.client);
    const filed = await fileRequestViaApi(page, await createApiKey(page, "staff links test"), song);
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/login$/);

    await signIn(page, DEMO_USERS.employee);
    await page.goto(`/staff/requests/${filed.id}`);
    const facts = page.getByRole("region", { name: "Request" });
    await expect(facts.getByRole("link", { name: `Album of ${song}` })).toHaveAttribute(
      "href",
      `/albums/${filed.albumId}`,
    );
    await expect(facts.getByRole("link", { name: "Album wall" })).toHaveAttribute(
      "href",
      `/albums/${filed.albumId}/wall`,
    );
    await facts.getByRole("link", { name: "E2E Licensee Co" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "E2E Licensee Co" })).toBeVisible();
    await page.goBack();

    // Need info without a message is refused next to the note; with one, the message is a public wall post.
    await page.getByRole("button", { name: "Move to “Need info”" }).click();
    await expect(page.locator("#status-note-error")).toHaveText(
      "tell the client what is missing: it is posted publicly on the album's wall",
    );
    await expect(page.getByLabel("Note for the timeline (optional)")).toHaveAttribute("aria-invalid", "true");
    const ask = `Please send the lyric sheet ${Date.now()}`;
    await page.getByLabel("Note for the timeline (optional)").fill(ask);
    await page.getByRole("button", { name: "Move to “Need info”" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Moved to" })).toHaveText('Moved to "Need info".');
    await expectAccessible(page);
    await page.getByRole("region", { name: "Request" }).getByRole("link", { name: "Album wall" }).click();
    const post = page.getByRole("article").filter({ hasText: ask });
    await expect(post.getByText("Public", { exact: true })).toBeVisible();

    // The staff dashboard lists the newest wall posts, public and private, each linked to its wall.
    const note = `A private note for staff ${Date.now()}`;
    await page.getByRole("form", { name: "New post" }).getByLabel("Message").fill(note);
    await page.getByRole("form", { name: "New post" }).getByRole("button", { name: "Post" }).click();
    await expect(page.getByRole("article").filter({ hasText: note })).toBeVisible();
    await page.goto("/dashboard");
    await expectAccessible(page);
    const newest = page.getByRole("region", { name: "Newest wall posts" }).getByRole("listitem");
    await expect(newest.filter({ hasText: note })).toContainText("Private");
    await expect(newest.filter({ hasText: ask })).toContainText("Public");
    await newest
      .filter({ hasText: ask })
      .getByRole("link", { name: `Album of ${song}` })
      .click();
    await expect(page).toHaveURL(`/albums/${filed.albumId}/wall`);
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/login$/);

    // The client sees why on the wall, not an empty one.
    await signIn(page, DEMO_USERS.client);
    await page.goto(`/albums/${filed.albumId}/wall`);
    await expect(page.getByRole("article").filter({ hasText: ask })).toBeVisible();
  },
);
