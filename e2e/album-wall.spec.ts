import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { apiKey, demoLicenseeAlbum, DEMO_USERS, signIn } from "./helpers";

const headers = () => ({ Authorization: `Bearer ${apiKey("client")}` });

const post = (page: Page, text: string) =>
  page.getByRole("article").filter({ has: page.getByText(text, { exact: true }) });

test("a client posts private, public and a reply; the licensee sees only the public ones", async ({
  page,
  browser,
  request,
}) => {
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
  const whoSees = newPost.getByLabel("Who sees it");
  await expect(whoSees).toHaveValue("private");
  // Client staff choose between public and private; staff-only notes are the service's.
  await expect(whoSees.getByRole("option")).toHaveText(["Public", "Private"]);
  await newPost.getByLabel("Message").fill(privateText);
  await newPost.getByRole("button", { name: "Post" }).click();
  await expect(post(page, privateText).getByText("Private", { exact: true })).toBeVisible();
  await expect(newPost.getByLabel("Message")).toHaveValue("");

  await newPost.getByLabel("Message").fill(publicText);
  await whoSees.selectOption("Public");
  await newPost.getByRole("button", { name: "Post" }).click();
  await expect(post(page, publicText).getByText("Public", { exact: true })).toBeVisible();

  await post(page, publicText).getByRole("button", { name: "Reply" }).click();
  const replyForm = page.getByRole("form", { name: "Reply to Casey Client" });
  await replyForm.getByLabel("Reply to Casey Client").fill(replyText);
  // A reply follows its thread: under a public post it is public unless the author makes it private.
  await expect(replyForm.getByLabel("Who sees it")).toHaveValue("public");
  await expect(replyForm.getByText("Public: the licensee will see it too.")).toBeVisible();
  await replyForm.getByLabel("Who sees it").selectOption("Private");
  await expect(
    replyForm.getByText("Private: hidden from the licensee; client staff and service staff see it."),
  ).toBeVisible();
  await replyForm.getByLabel("Who sees it").selectOption("Public");
  await replyForm.getByRole("button", { name: "Post reply" }).click();
  const thread = page.getByRole("listitem").filter({ has: post(page, publicText) });
  await expect(thread.getByRole("list", { name: "Replies to Casey Client" }).getByText(replyText)).toBeVisible();
  await expect(replyForm).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

  // Under a private post a reply is private, and cannot be made public.
  await post(page, privateText).getByRole("button", { name: "Reply" }).click();
  const privateReply = page.getByRole("form", { name: "Reply to Casey Client" });
  await expect(privateReply.getByLabel("Who sees it").getByRole("option")).toHaveText(["Private"]);
  await expect(
    privateReply.getByText(
      "A reply is as private as its thread: hidden from the licensee; client staff and service staff see it.",
    ),
  ).toBeVisible();
  await privateReply.getByRole("button", { name: "Cancel" }).click();

  const licensee = await browser.newContext();
  const lee = await licensee.newPage();
  await signIn(lee, DEMO_USERS.licensee);
  await lee.goto(`/albums/${albumId}/wall`);
  await expect(lee.getByText(publicText)).toBeVisible();
  await expect(lee.getByText(replyText)).toBeVisible();
  await expect(lee.getByText(privateText)).toHaveCount(0);
  expect(await lee.content()).not.toContain(privateText);
  await expect(lee.getByLabel("Who sees it")).toHaveCount(0);
  await expect(lee.getByText("Your message is public on this wall.").first()).toBeVisible();
  await expect(lee.getByRole("button", { name: "Delete" })).toHaveCount(0);

  const leeText = `Thanks from Lee ${run}`;
  await lee.getByRole("form", { name: "New post" }).getByLabel("Message").fill(leeText);
  await lee.getByRole("form", { name: "New post" }).getByRole("button", { name: "Post" }).click();
  await expect(post(lee, leeText).getByText("Public", { exact: true })).toBeVisible();
  await expect(post(lee, leeText).getByText("Licensee", { exact: true })).toBeVisible();
  await licensee.close();
});

test("an employee writes a staff-only note on the wall; the client never sees it", async ({
  page,
  browser,
  request,
}) => {
  const run = randomBytes(4).toString("hex");
  const staffText = `Owner has no email on file ${run}`;
  const { albumId, trackId } = await demoLicenseeAlbum(request, `Wall E2E staff ${run}`);

  await signIn(page, DEMO_USERS.employee);
  await page.goto(`/albums/${albumId}/wall`);
  const newPost = page.getByRole("form", { name: "New post" });
  await expect(newPost.getByLabel("Who sees it").getByRole("option")).toHaveText(["Public", "Private", "Staff only"]);
  await newPost.getByLabel("Who sees it").selectOption("Staff only");
  await expect(
    newPost.getByText("Staff only: only service staff will see it, never the client or the licensee."),
  ).toBeVisible();
  await newPost.getByLabel("Message").fill(staffText);
  await newPost.getByRole("button", { name: "Post" }).click();
  await expect(post(page, staffText).getByText("Staff only", { exact: true })).toBeVisible();
  // A reply under a staff-only note can only be staff-only.
  await post(page, staffText).getByRole("button", { name: "Reply" }).click();
  await expect(
    page
      .getByRole("form", { name: /^Reply to / })
      .getByLabel("Who sees it")
      .getByRole("option"),
  ).toHaveText(["Staff only"]);

  const client = await browser.newContext();
  const casey = await client.newPage();
  await signIn(casey, DEMO_USERS.client);
  await casey.goto(`/albums/${albumId}/wall`);
  await expect(casey.getByText("No posts yet. Start the conversation above.")).toBeVisible();
  expect(await casey.content()).not.toContain(staffText);
  const api = await request.get(`/api/tracks/${trackId}/wallposts`, { headers: headers() });
  expect(await api.text()).not.toContain(staffText);
  await client.close();
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
