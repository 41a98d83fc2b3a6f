import { readFileSync } from "node:fs";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { pdfText } from "../tests/helpers/pdf-text";
import { apiKey, DEMO_USERS, payAndBegin, signIn } from "./helpers";
import { E2E_LICENSEE, expectAccessible } from "./portal";

const staff = () => ({ Authorization: `Bearer ${apiKey("staff")}` });
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A request of Demo Records, filed over the API with the song as given. */
async function fileRequest(request: APIRequestContext, song: Record<string, string>, formatId = 1002) {
  const res = await request.post("/api/requests", {
    headers: { Authorization: `Bearer ${apiKey("client")}` },
    data: {
      track: {
        album: {
          title: `Research ${unique()}`,
          artist: "The Researchers",
          licensee: { ...E2E_LICENSEE, companyName: "Search Licensee Co", email: "search@example.com" },
        },
        lengthInSeconds: 200,
        releases: [{ formatId, releaseQuantity: 300 }],
        song,
      },
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

async function addSong(request: APIRequestContext, title: string, writers: string[]) {
  const res = await request.post("/api/songs", {
    headers: staff(),
    data: {
      title,
      writers,
      owners: [
        { name: `${title} Publishing`, share: 75 },
        { name: "Second Owner Songs", share: 25 },
      ],
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: number; owners: { id: number; name: string }[] };
}

test("an employee links a suggested catalog song in one click", async ({ page, request }) => {
  const title = `Quillon Harbor ${unique()}`;
  await addSong(request, title, ["Jane Smith", "Kim Doe"]);
  await addSong(request, title, ["John Smith", "Ann Other"]); // same title, other writers
  const id = await fileRequest(request, { title: `The ${title.toUpperCase()} (Live)`, composer: "J. Smith & K. Doe" });

  await signIn(page, DEMO_USERS.employee);
  await page.goto(`/staff/requests/${id}`);
  const suggestions = page.getByRole("list", { name: "Suggested catalog songs" });
  const first = suggestions.getByRole("listitem").first();
  await expect(first).toContainText(title);
  await expect(first).toContainText("Writers: Jane Smith, Kim Doe");
  await expect(first).toContainText(`Owners: ${title} Publishing 75% · Second Owner Songs 25%`);
  await expectAccessible(page);

  await first.getByRole("button", { name: `Link suggested song ${title}` }).click();
  await expect(page.getByText(`Linked to ${title}`)).toBeVisible();
  await expect(page.getByText("by Jane Smith, Kim Doe")).toBeVisible();
  await expect(first.getByText("Linked", { exact: true })).toBeVisible();
});

test("when nothing fits, a new catalog song opens prefilled from the request and is then suggested first", async ({
  page,
  request,
}) => {
  const title = `Zyxwort Vallance ${unique()}`;
  const id = await fileRequest(request, { title, composer: "Ivy Lin & Sol Marsh" });
  await signIn(page, DEMO_USERS.employee);
  await page.goto(`/staff/requests/${id}`);
  await expect(page.getByText("No catalog song fits this request.")).toBeVisible();
  await expectAccessible(page);
  await page.getByText("No catalog song fits this request.").getByRole("link", { name: "New catalog song" }).click();
  await expect(page).toHaveURL(new RegExp(`/staff/songs/new\\?request=${id}$`));
  await expect(page.getByLabel("Title")).toHaveValue(title);
  await expect(page.getByLabel("Writers (one per line)")).toHaveValue("Ivy Lin\nSol Marsh");
  await expectAccessible(page);
  await page.getByLabel("Owner 1 name").fill("Vallance Music");
  await page.getByRole("button", { name: "Add the song" }).click();
  await expect(page).toHaveURL(new RegExp(`/staff/requests/${id}$`));
  await page.getByRole("button", { name: `Link suggested song ${title}` }).click();
  await expect(page.getByText(`Linked to ${title}`)).toBeVisible();
});

test("deadlines: the notices page, the dashboard's counts and the queue ordered by due date", async ({ page }) => {
  await signIn(page, DEMO_USERS.employee);
  // The demo's request in licensing has a notice still to serve (Golden Hour, Ortiz Family Trust).
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Notices" }).click();
  await expect(page.getByRole("heading", { name: "Notices to serve" })).toBeVisible();
  await expect(page.getByRole("row", { name: /Golden Hour.*Ortiz Family Trust/ })).toBeVisible();
  await expectAccessible(page);

  await page.goto("/dashboard");
  const deadlines = page.getByRole("region", { name: "Notice deadlines" });
  await expect(deadlines.getByText("Notices overdue")).toBeVisible();
  await expectAccessible(page);
  await deadlines.getByRole("link", { name: /with notices due within 7 days: show in the queue/ }).click();
  await expect(page).toHaveURL(/\/staff\/queue\?due=soon&sort=due$/);
  await expect(page.getByLabel("Notice deadline")).toHaveValue("soon");
  await expect(page.getByLabel("Order")).toHaveValue("due");

  await page.goto("/staff/queue?sort=due");
  await expect(page.getByRole("columnheader", { name: "Notices due" })).toBeVisible();
  await expect(page.getByText(/\d+ requests?, the soonest notice deadline first/)).toBeVisible();
  await expectAccessible(page);

  // Any column sorts the queue; a second click reverses it.
  await page
    .getByRole("columnheader", { name: /^Royalty/ })
    .getByRole("link")
    .click();
  await expect(page).toHaveURL(/sort=royalty/);
  await expect(page.getByRole("columnheader", { name: /^Royalty/ })).toHaveAttribute("aria-sort", "ascending");
  await expect(page.getByText(/\d+ requests?, by royalty, ascending/)).toBeVisible();
  await page
    .getByRole("columnheader", { name: /^Royalty/ })
    .getByRole("link")
    .click();
  await expect(page).toHaveURL(/sort=royalty&dir=desc/);
  await expect(page.getByRole("columnheader", { name: /^Royalty/ })).toHaveAttribute("aria-sort", "descending");
});

test("an owner missing from the Copyright Office's records: a CD's notice is filed with the Office, with its fee and filing PDF", async ({
  page,
  request,
}) => {
  const title = `Brackwater Reel ${unique()}`;
  const song = await addSong(request, title, ["Nora Keeper"]);
  const id = await fileRequest(request, { title, originalRecordingArtist: "Nora Keeper" }, 1001);
  expect(
    (await request.post(`/api/requests/${id}/link-song`, { headers: staff(), data: { songId: song.id } })).status(),
  ).toBe(200);
  expect(
    (await request.post(`/api/requests/${id}/status`, { headers: staff(), data: { code: "ready" } })).status(),
  ).toBe(200);
  await payAndBegin(request, id);
  const owner = song.owners[0]!;

  await signIn(page, DEMO_USERS.employee);
  await page.goto(`/staff/requests/${id}`);
  await page.getByRole("button", { name: `Owner not in the Copyright Office's records: ${owner.name}` }).click();
  await page.getByRole("button", { name: "Yes, not in the records" }).click();
  const filing = page.getByRole("link", { name: `Filing document (PDF) for ${owner.name}` });
  await expect(filing).toBeVisible();
  await expect(page.getByText("fee $75.00 for the title, billed to the client")).toBeVisible();
  await expect(page.getByRole("region", { name: "Costs paid for this request" })).toContainText(
    `Copyright Office filing fee: notice of intention for ${owner.name}: $75.00`,
  );
  await expectAccessible(page);

  const downloading = page.waitForEvent("download");
  await filing.click();
  const text = await pdfText(readFileSync(await (await downloading).path()));
  expect(text).toContain("Notice of Intention to Obtain a Compulsory License");
  expect(text).toContain("Compact Discs");

  const serve = page.getByRole("form", { name: `Serve the notice to ${owner.name}` });
  await serve.getByLabel("How", { exact: true }).selectOption("copyright_office");
  await serve.getByLabel("Filing reference (Office receipt or deposit-account debit)").fill("CO receipt 2026-0042");
  await serve.getByRole("button", { name: `Mark filed: ${owner.name}` }).click();
  await expect(page.getByText(/Filed with the Copyright Office/)).toBeVisible();
  await expect(page.getByText("Filing reference: CO receipt 2026-0042")).toBeVisible();
});

test("a client follows progress: each owner's notice and the estimated licensing date, after one of two notices is served", async ({
  page,
  request,
}) => {
  const title = `Two Owner Reel ${unique()}`;
  const song = await addSong(request, title, ["Pia Progress"]);
  const id = await fileRequest(request, { title, originalRecordingArtist: "Pia Progress" });
  expect(
    (await request.post(`/api/requests/${id}/link-song`, { headers: staff(), data: { songId: song.id } })).status(),
  ).toBe(200);
  expect(
    (await request.post(`/api/requests/${id}/status`, { headers: staff(), data: { code: "ready" } })).status(),
  ).toBe(200);
  await payAndBegin(request, id);
  const owner = song.owners[0]!;
  const contact = await request.put(`/api/owners/${owner.id}/contact`, {
    headers: staff(),
    data: { email: "notices@progress.example.com", noticeEmailDesignated: true, postalAddress: null },
  });
  expect(contact.status()).toBe(200);
  const served = await request.post(`/api/requests/${id}/owners/${owner.id}/notice`, {
    headers: staff(),
    data: { method: "email" },
  });
  expect(served.status()).toBe(200);

  await signIn(page, DEMO_USERS.client);
  await page.goto(`/requests/${id}`);
  const progress = page.getByRole("region", { name: "Progress" });
  await expect(progress.getByRole("row", { name: new RegExp(`${title} Publishing 75% Served on`) })).toBeVisible();
  await expect(progress.getByRole("row", { name: "Second Owner Songs 25% Not served yet" })).toBeVisible();
  // The demo's licensed requests are the history the estimate is taken from.
  await expect(progress).toContainText(
    /Expected to be licensed between .+ and .+ \(based on \d+ requests? of the last 90 days/,
  );
  await expectAccessible(page);
});

test("an employee claims a request and finds it under 'Mine' in the queue", async ({ page, request }) => {
  const title = `Claimed Tune ${unique()}`;
  const id = await fileRequest(request, { title, originalRecordingArtist: "Cleo Claim" });
  await signIn(page, DEMO_USERS.employee);
  await page.goto(`/staff/requests/${id}`);
  const assignment = page.getByRole("region", { name: "Assignment" });
  await expect(assignment).toContainText("Assigned to no one");
  await assignment.getByRole("button", { name: "Claim this request" }).click();
  await expect(assignment).toContainText("(you)");
  await expectAccessible(page);

  await page.goto(`/staff/queue?assignee=mine&q=${encodeURIComponent(title)}`);
  await expect(page.getByLabel("Assignee")).toHaveValue("mine");
  await expect(page.getByRole("row", { name: new RegExp(`#${id}.*${title}`) })).toBeVisible();
  await page.goto(`/staff/queue?assignee=none&q=${encodeURIComponent(title)}`);
  await expect(page.getByText("No requests match these filters.")).toBeVisible();
});
