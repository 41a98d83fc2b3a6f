import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { apiKey, demoLicenseeAlbum, DEMO_USERS, signIn } from "./helpers";
import { fileRequestViaApi } from "./portal";

/**
 * Keyboard only: each action is reached with the keyboard and pressed with Enter; afterwards the focus is somewhere
 * meaningful and the result is read out by the page's live region (WCAG 2.4.3, 4.1.3), and Escape closes what opened.
 */

const press = async (control: Locator, key = "Enter") => {
  await control.focus();
  await control.press(key);
};
const announced = (page: Page) => page.locator("#live-announcer");

test("on the album wall focus follows every action and each result is announced", async ({ page, request }) => {
  const { albumId } = await demoLicenseeAlbum(request, `Keyboard wall ${Date.now()}`);
  await signIn(page, DEMO_USERS.client);
  await page.goto(`/albums/${albumId}/wall`);
  const newPost = page.getByRole("form", { name: "New post" });
  await newPost.getByLabel("Message").fill("First thread");
  await press(newPost.getByRole("button", { name: "Post" }));
  const thread = page.getByRole("article", { name: /^Casey Client/ }).filter({ hasText: "First thread" });
  await expect(thread).toBeFocused();
  await expect(announced(page)).toHaveText("Your post was added to the wall.");
  await expect(thread.getByRole("heading", { level: 3 })).toHaveText("Casey Client");

  // The reply form: Escape and Cancel close it and give the focus back to its button.
  const reply = thread.getByRole("button", { name: /^Reply to Casey Client’s post of / });
  await press(reply);
  const replyBox = page.getByRole("textbox", { name: /^Reply to Casey Client’s post of / });
  await expect(replyBox).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(replyBox).toHaveCount(0);
  await expect(reply).toBeFocused();
  await press(reply);
  await press(page.getByRole("form", { name: /^Reply to/ }).getByRole("button", { name: "Cancel" }));
  await expect(reply).toBeFocused();

  await press(reply);
  await page.keyboard.type("A reply");
  await press(page.getByRole("button", { name: "Post reply" }));
  const replyPost = page.getByRole("article").filter({ hasText: "A reply" });
  await expect(replyPost).toBeFocused();
  await expect(announced(page)).toHaveText("Your reply was posted.");
  await expect(replyPost.getByRole("heading", { level: 4 })).toHaveText("Casey Client");

  // The delete question is one group with its buttons; Escape and Keep return to Delete.
  const deleteReply = replyPost.getByRole("button", { name: /^Delete Casey Client’s post of / });
  await press(deleteReply);
  const question = replyPost.getByRole("group", { name: "Delete this post?" });
  await expect(question.getByRole("button", { name: "Yes, delete" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(question).toHaveCount(0);
  await expect(deleteReply).toBeFocused();
  await press(deleteReply);
  await press(question.getByRole("button", { name: "Keep" }));
  await expect(deleteReply).toBeFocused();

  // Deleting a reply leaves the focus on the post it answered; deleting a thread, on the list of posts.
  await press(deleteReply);
  await page.keyboard.press("Enter");
  await expect(replyPost).toHaveCount(0);
  await expect(thread).toBeFocused();
  await expect(announced(page)).toHaveText("The post was deleted.");
  await press(thread.getByRole("button", { name: /^Delete/ }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 2, name: /^Posts/ })).toBeFocused();
});

test("a confirmation gives the focus back on Keep or Escape, and after its action announces the result", async ({
  page,
}) => {
  const { id } = await fileRequestViaApi(page, apiKey("client"));
  await signIn(page, DEMO_USERS.client);
  await page.goto(`/requests/${id}`);
  const cancel = page.getByRole("button", { name: "Cancel request" });
  await press(cancel);
  const question = page.getByRole("group", { name: /^Cancel this request\?/ });
  await expect(question.getByRole("button", { name: "Yes, cancel it" })).toBeFocused();
  await press(question.getByRole("button", { name: "Keep the request" }));
  await expect(cancel).toBeFocused();
  await press(cancel);
  await page.keyboard.press("Escape");
  await expect(cancel).toBeFocused();
  await press(cancel);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
  await expect(announced(page)).toHaveText("The request was cancelled.");
});

test("a new API key, once hidden, leaves the focus on the list of keys", async ({ page }) => {
  await signIn(page, DEMO_USERS.client);
  await page.goto("/settings/api-keys");
  await page.getByLabel("Name of the new key").fill("Keyboard key");
  await press(page.getByRole("button", { name: "Create key" }));
  await press(page.getByRole("button", { name: "I have stored it, hide it" }));
  await expect(page.getByRole("heading", { name: "Your keys" })).toBeFocused();
  await expect(announced(page)).toHaveText("The key “Keyboard key” is hidden; it is listed under Your keys.");
});

test("the wizard from the keyboard: an unchosen album shows its error, removals move the focus, filing lands on the album", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await signIn(page, DEMO_USERS.client);
  await page.goto("/requests/new");
  const next = page.getByRole("button", { name: "Next" });
  await press(page.getByLabel("An existing licensee"), "Space");
  await page.getByLabel("Licensee", { exact: true }).selectOption({ index: 1 });
  await press(next);
  await expect(page.getByRole("heading", { name: "Step 2 of 5: Album" })).toBeFocused();

  // Tabbing through the albums without choosing one, then Next: the error shows and is announced.
  await press(page.getByLabel("An existing album"), "Space");
  const firstAlbum = page.getByRole("group", { name: "Album" }).getByRole("radio").first();
  await firstAlbum.focus();
  await page.keyboard.press("Tab");
  await press(next);
  await expect(page.getByRole("alert").filter({ hasText: "Choose an album." })).toBeVisible();
  await expect(firstAlbum).not.toBeChecked();
  expect(errors).toEqual([]);

  await press(page.getByLabel("A new album"), "Space");
  await page.getByLabel("Album title").fill("Keyboard album");
  await page.getByLabel("Album artist").fill("Keyboard band");
  await press(next);
  await page.getByLabel("Format").selectOption({ label: "Compact Discs" });
  await page.getByLabel("Quantity (units)").fill("500");
  await press(next);
  await expect(page.getByRole("heading", { name: "Step 4 of 5: Tracks" })).toBeFocused();

  await press(page.getByRole("button", { name: "+ Add a track" }));
  await press(page.getByRole("button", { name: "+ Add a track" }));
  await press(page.getByRole("button", { name: "Remove track 3" }));
  await expect(page.getByRole("heading", { name: "Track 2" })).toBeFocused();
  await expect(announced(page)).toHaveText("Track 3 removed.");
  await press(page.getByRole("button", { name: "Remove track 1" }));
  await expect(page.getByRole("heading", { name: "Track 1" })).toBeFocused();
  await expect(announced(page)).toHaveText("Track 1 removed.");

  const track = page.getByRole("region", { name: /^Track 1/ }).first();
  await press(track.getByLabel("This track is a medley"), "Space");
  await press(track.getByRole("button", { name: "+ Add a song part" }));
  await press(track.getByRole("button", { name: "Remove song part 1" }));
  await expect(track.getByRole("heading", { name: "Song part 1" })).toBeFocused();
  await expect(announced(page)).toHaveText("Song part 1 removed.");
  await press(track.getByRole("button", { name: "Remove song part 1" }));
  await expect(track.getByRole("button", { name: "+ Add a song part" })).toBeFocused();
  await press(track.getByLabel("This track is a medley"), "Space");

  await track.getByLabel("Song title").fill("Keyboard song");
  await track.getByLabel("Original recording artist").fill("Somebody");
  await press(next);
  await expect(page.getByRole("heading", { name: "Step 5 of 5: Review" })).toBeFocused();
  await press(page.getByRole("button", { name: "File the requests" }));
  await expect(page.getByRole("heading", { level: 1, name: "Keyboard album" })).toBeFocused();
  await expect(announced(page)).toHaveText("1 request filed; this is the album's page.");
  expect(errors).toEqual([]);
});

test("removing an owner in the song form moves the focus to the owner in its place", async ({ page }) => {
  await signIn(page, DEMO_USERS.employee);
  await page.goto("/staff/songs/new");
  await press(page.getByRole("button", { name: "Add an owner" }));
  await press(page.getByRole("button", { name: "Add an owner" }));
  await press(page.getByRole("button", { name: "Remove owner 1" }));
  await expect(page.getByLabel("Owner 1 name")).toBeFocused();
  await expect(announced(page)).toHaveText("Owner 1 removed.");
  await press(page.getByRole("button", { name: "Remove owner 2" }));
  await expect(page.getByLabel("Owner 1 name")).toBeFocused();
});

test("a status change on the staff request page moves the focus to the Status heading and announces it", async ({
  page,
}) => {
  const { id } = await fileRequestViaApi(page, apiKey("client"));
  await signIn(page, DEMO_USERS.employee);
  await page.goto(`/staff/requests/${id}`);
  await page.getByLabel("Note for the timeline (optional)").fill("Which version do you cover?");
  await press(page.getByRole("button", { name: "Move to “Need info”" }));
  await expect(page.getByRole("heading", { level: 2, name: "Status" })).toBeFocused();
  await expect(page.getByRole("status").filter({ hasText: "Moved to" })).toHaveText('Moved to "Need info".');
});
