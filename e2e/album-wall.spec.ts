import { randomBytes } from "node:crypto";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { apiKey, DEMO_USERS, signIn } from "./helpers";

// The demo seed gives the demo licensee (Lee Licensee, Demo Records) an album titled "Demo Album".
const DEMO_ALBUM = "Demo Album";
const headers = () => ({ Authorization: `Bearer ${apiKey("client")}` });

async function findDemoAlbum(request: APIRequestContext): Promise<{ albumId: number; trackId: number }> {
  const list = await request.get("/api/requests?limit=1000", { headers: headers() });
  const albumIds = [...new Set(((await list.json()) as { albumId: number }[]).map((r) => r.albumId))];
  for (const albumId of albumIds) {
    const album = await (await request.get(`/api/albums/${albumId}`, { headers: headers() })).json();
    if (album.title === DEMO_ALBUM) return { albumId, trackId: album.tracks[0].id };
  }
  throw new Error(`The seed has no album titled "${DEMO_ALBUM}" for Demo Records`);
}

const post = (page: Page, text: string) =>
  page.getByRole("article").filter({ has: page.getByText(text, { exact: true }) });

test("a client posts private, public and a reply; the licensee sees only the public ones", async ({ page, browser, request }) => {
  const run = randomBytes(4).toString("hex");
  const privateText = `Private note for staff ${run}`;
  const publicText = `Public news for the licensee ${run}`;
  const replyText = `A reply everyone sees ${run}`;
  const { albumId } = await findDemoAlbum(request);

  await signIn(page, DEMO_USERS.client);
  await page.goto(`/albums/${albumId}/wall`);
  await expect(page.getByRole("heading", { name: `Wall of “${DEMO_ALBUM}”` })).toBeVisible();
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
  await replyForm.getByRole("checkbox", { name: /Private/ }).uncheck();
  await replyForm.getByRole("button", { name: "Post reply" }).click();
  const thread = page.getByRole("listitem").filter({ has: post(page, publicText) });
  await expect(thread.getByRole("list", { name: "Replies to Casey Client" }).getByText(replyText)).toBeVisible();
  await expect(replyForm).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

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
  const { albumId, trackId } = await findDemoAlbum(request);
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
