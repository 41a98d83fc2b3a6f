import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { apiKey, demoLicenseeAlbum, DEMO_USERS, signIn } from "./helpers";

const headers = () => ({ Authorization: `Bearer ${apiKey("client")}` });

const post = (page: Page, text: string) =>
  page.getByRole("article").filter({ has: page.getByText(text, { exact: true }) });

test("a client posts private, public and a reply; the licensee sees only the public ones", async ({ page, browser, request }) => {
  const run = randomBytes(4).toString("hex");
  const privateText = `Private note for staff ${run}`;
  const publicText = `Public news for the licensee ${run}`;
  const replyText = `A reply everyone sees ${run}`;
  const title = `Wall E2E ${run}`;
  const { albumId } = await demoLicenseeAlbum(request, title);

  await signIn(page, DEMO_USERS.client);
  await page.goto(`/albums/${albumId}/wall`);
  await expect(page.getByRole("heading", { name: `Wall of “${title}”` })).toBeVisible();
  await expect(page.getByText("No posts yet. Start the conversation above.")).toBeVisible();
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

  const newPost = page.getByRole("form", { name: "New post" });
  const privateBox = newPost.getByRole("checkbox", { name: "Private (hidden from the licensee)" });
  await expect(privateBox).toBeChecked();
  await newPost.getByLabel("Message").fill(privateText);
  await newPost.getByRole("button", { name: "Post" }).click();
  await expect(post(page, privateText).getByText("Private", { exact: true })).toBeVisible();
  await expect(newPost.getByLabel("Message")).toHaveValue("");

  await newPost.getByLabel("Message").fill(publicText);
  await privateBox.uncheck();
  await newPost.getByRole("button", { name: "Post" }).click();
  await expect(post(page, publicText).getByText("Public", { exact: true })).toBeVisible();

  await post(page, publicText).getByRole("button", { name: "Reply" }).click();
  const replyForm = page.getByRole("form", { name: "Reply to Casey Client" });
  await replyForm.getByLabel("Reply to Casey Client").fill(replyText);
  // A reply follows its thread: under a public post it is public unless the author makes it private.
  await expect(replyForm.getByRole("checkbox", { name: /Private/ })).not.toBeChecked();
  await expect(replyForm.getByText("Public: the licensee will see it too.")).toBeVisible();
  await replyForm.getByRole("checkbox", { name: /Private/ }).check();
  await expect(replyForm.getByText("Private: only staff will see it.")).toBeVisible();
  await replyForm.getByRole("checkbox", { name: /Private/ }).uncheck();
  await replyForm.getByRole("button", { name: "Post reply" }).click();
  const thread = page.getByRole("listitem").filter({ has: post(page, publicText) });
  await expect(thread.getByRole("list", { name: "Replies to Casey Client" }).getByText(replyText)).toBeVisible();
  await expect(replyForm).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

  // Under a private post a reply is private, and cannot be made public.
  await post(page, privateText).getByRole("button", { name: "Reply" }).click();
  const privateReply = page.getByRole("form", { name: "Reply to Casey Client" });
  await expect(privateReply.getByRole("checkbox", { name: /Private/ })).toBeChecked();
  await expect(privateReply.getByRole("checkbox", { name: /Private/ })).toBeDisabled();
  await expect(privateReply.getByText("Replies to a private post are private: only staff will see it.")).toBeVisible();
  await privateReply.getByRole("button", { name: "Cancel" }).click();

  const licensee = await browser.newContext();
  const lee = await licensee.newPage();
  await signIn(lee, DEMO_USERS.licensee);
  await lee.goto(`/albums/${albumId}/wall`);
  await expect(lee.getByText(publicText)).toBeVisible();
  await expect(lee.getByText(replyText)).toBeVisible();
  await expect(lee.getByText(privateText)).toHaveCount(0);
  expect(await lee.content()).not.toContain(privateText);
  await expect(lee.getByRole("checkbox", { name: /Private/ })).toHaveCount(0);
  await expect(lee.getByText("Your message is public on this wall.").first()).toBeVisible();
  await expect(lee.getByRole("button", { name: "Delete" })).toHaveCount(0);

  const leeText = `Thanks from Lee ${run}`;
  await lee.getByRole("form", { name: "New post" }).getByLabel("Message").fill(leeText);
  await lee.getByRole("form", { name: "New post" }).getByRole("button", { name: "Post" }).click();
  await expect(post(lee, leeText).getByText("Public", { exact: true })).toBeVisible();
  await expect(post(lee, leeText).getByText("Licensee", { exact: true })).toBeVisible();
  await licensee.close();
});

test("a client deletes its own post, and older threads load on demand", async ({ page, request }) => {
  const run = randomBytes(4).toString("hex");
  const { albumId, trackId } = await demoLicenseeAlbum(request, `Wall E2E paging ${run}`);
  for (let i = 1; i <= 21; i++) {
    const res = await request.post(`/api/tracks/${trackId}/wallposts`, {
      headers: headers(),
      data: { message: `Bulk ${run} #${i}`, isPrivate: false },
    });
    expect(res.status()).toBe(201);
  }

  await signIn(page, DEMO_USERS.client);
  await page.goto(`/albums/${albumId}/wall`);
  await expect(post(page, `Bulk ${run} #21`)).toBeVisible();
  await expect(post(page, `Bulk ${run} #1`)).toHaveCount(0);
  await page.getByRole("button", { name: "Load older posts" }).click();
  await expect(post(page, `Bulk ${run} #1`)).toBeVisible();

  const doomed = post(page, `Bulk ${run} #21`);
  await doomed.getByRole("button", { name: "Delete" }).click();
  await doomed.getByRole("button", { name: "Yes, delete" }).click();
  await expect(post(page, `Bulk ${run} #21`)).toHaveCount(0);
  await expect(post(page, `Bulk ${run} #1`)).toBeVisible();
  await page.reload();
  await expect(post(page, `Bulk ${run} #20`)).toBeVisible();
  await expect(post(page, `Bulk ${run} #21`)).toHaveCount(0);
});
