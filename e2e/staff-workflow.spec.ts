import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { pdfText } from "../tests/helpers/pdf-text";
import { apiKey, DEMO_USERS, invoiceAndPay, payAndBegin, signIn, signedInPage } from "./helpers";

/** A new request of Demo Records, filed over the API, with a song title no other test uses. */
async function fileRequest(request: APIRequestContext, songTitle: string) {
  const res = await request.post("/api/requests", {
    headers: { Authorization: `Bearer ${apiKey("client")}` },
    data: {
      track: {
        album: {
          title: `${songTitle} (single)`,
          artist: "The Night Shift",
          licensee: {
            firstName: "Sam",
            lastName: "Shift",
            email: "shift@example.com",
            phone1: "+1 207 555 0117",
            address: "1 Lighthouse Road",
            city: "Portland",
            state: "ME",
            zip: "04101",
            country: "US",
          },
        },
        lengthInSeconds: 200,
        releases: [{ formatId: 1001, releaseQuantity: 300 }],
        song: { title: songTitle, originalRecordingArtist: "Old Lighthouse Band" },
      },
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: number };
}

/** No serious or critical accessibility violations on the current page. */
async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("an employee researches, links, licenses a new request and downloads its license", async ({ page, request }) => {
  const title = `Lighthouse Lullaby ${Date.now()}`;
  const filed = `Keeper's Lullaby ${Date.now()}`;
  await fileRequest(request, filed);
  await signIn(page, DEMO_USERS.employee);

  // The catalog gets the song, with two owners whose shares sum to 100%.
  await page.goto("/staff/songs/new");
  await expectAccessible(page);
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Writers (one per line)").fill("Nora Keeper\nTom Tide");
  await page.getByLabel("Owner 1 name").fill("Keeper Music");
  await page.getByLabel("Owner 1 postal address (optional)").fill("7 Keeper Lane\nSalem, MA 01970");
  await page.getByLabel("Owner 1 share").fill("70");
  await page.getByRole("button", { name: "Add an owner" }).click();
  await page.getByLabel("Owner 2 name").fill("Tide Songs");
  await page.getByLabel("Owner 2 email (optional)").fill("rights@tidesongs.example.com");
  await page.getByLabel("Owner 2: email designated by the owner for notices of intention").check();
  await page.getByLabel("Owner 2 share").fill("20");
  await page.getByRole("button", { name: "Add the song" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("Please correct the marked fields.");
  await expect(page.getByText("the owners' shares must sum to exactly 100 (they sum to 90)")).toBeVisible();
  await page.getByLabel("Owner 2 share").fill("30");
  await page.getByRole("button", { name: "Add the song" }).click();
  await expect(page).toHaveURL(/\/staff\/songs\/\d+\?saved=1$/);
  await expect(page.getByRole("status")).toHaveText("Saved.");
  await expectAccessible(page);

  // The dashboard's count of new requests leads to the queue, filtered.
  await page.goto("/dashboard");
  await page.getByRole("link", { name: /New: show in the queue/ }).click();
  await expect(page).toHaveURL(/\/staff\/queue\?status=new$/);
  await expect(page.getByRole("heading", { name: "Licensing queue" })).toBeVisible();
  await expectAccessible(page);
  // Other specs leave many new requests (more than a page of the queue): find this one by its song.
  await page.goto(`/staff/queue?status=new&q=${encodeURIComponent(filed)}`);
  await page
    .getByRole("row", { name: new RegExp(filed) })
    .getByRole("link")
    .first()
    .click();
  await expect(page.getByRole("heading", { name: /^Request #\d+$/ })).toBeVisible();
  await expect(page.getByText("Not linked yet")).toBeVisible();
  await expectAccessible(page);

  // Research: find the song in the catalog and link it.
  await page.getByLabel("Search the catalog by title or writer").fill("Lighthouse Lullaby");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await page.getByRole("button", { name: `Link ${title}` }).click();
  await expect(page.getByText(`Linked to ${title}`)).toBeVisible();

  // Statuses: ready, payment needed; paying the invoice begins licensing by itself.
  await page.getByRole("button", { name: "Move to “Ready to license”" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Moved to" })).toHaveText('Moved to "Ready to license".');
  await page.getByRole("button", { name: "Move to “Payment needed”" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Moved to" })).toHaveText('Moved to "Payment needed".');
  const requestId = Number(/\/staff\/requests\/(\d+)/.exec(page.url())![1]);
  await invoiceAndPay(page.request, requestId);
  await page.reload();
  await expect(page.getByText("Licensing is in progress: mark each notice served below")).toBeVisible();
  await expect(page.getByText(/Paid \(invoice \d{4}-\d{5}\)/).first()).toBeVisible();
  await expectAccessible(page);

  // Licensing: every notice served; the last one licenses the request.
  const byMail = page.getByRole("form", { name: "Serve the notice to Keeper Music" });
  await byMail.getByLabel("How", { exact: true }).selectOption("mail");
  await byMail.getByLabel("Carrier").fill("USPS Certified Mail");
  await byMail.getByRole("button", { name: "Mark served: Keeper Music" }).click();
  await expect(page.getByRole("button", { name: "Mark served: Keeper Music" })).toHaveCount(0);
  // Tide Songs designated its email for notices in the catalog: the notice may go there.
  const byEmail = page.getByRole("form", { name: "Serve the notice to Tide Songs" });
  await byEmail.getByLabel("How", { exact: true }).selectOption("email");
  await byEmail.getByRole("button", { name: "Mark served: Tide Songs" }).click();
  await expect(page.getByRole("link", { name: "Download license (PDF)" })).toBeVisible();
  await expect(page.getByText("Every copyright owner has been served:")).toBeVisible();
  await expectAccessible(page);

  // The license PDF names the song.
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download license (PDF)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^coverdesk-license-\d+\.pdf$/);
  const bytes = readFileSync(await download.path());
  const text = await pdfText(bytes);
  expect(text).toContain(title);
  expect(text).toContain("Keeper Music: 70%");
});

test("the queue filters by status, account and age, and the catalog is searchable", async ({ page }) => {
  await signIn(page, DEMO_USERS.employee);
  await page.goto("/staff/queue");
  await page.getByLabel("Status").selectOption("cannot_license");
  await page.getByLabel("Client account").selectOption({ label: "Demo Records" });
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/status=cannot_license/);
  await expect(page.getByRole("row", { name: /Yesterday Parody/ })).toBeVisible();
  await expect(page.getByRole("row", { name: /Paper Boats/ })).toHaveCount(0);
  await page.getByLabel("Age").selectOption({ label: "Older than 30 days" });
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByText("No requests match these filters.")).toBeVisible();

  await page.goto("/staff/songs");
  await expectAccessible(page);
  await page.getByLabel("Title or writer").fill("abernathy");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("link", { name: "Wildflower Road" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Golden Hour" })).toHaveCount(0);
});

test("staff pages are not for clients", async ({ page }) => {
  await signIn(page, DEMO_USERS.client);
  const res = await page.goto("/staff/queue");
  expect(res?.status()).toBe(404);
});

test("the staff API works over HTTP, and client keys are refused on it", async ({ request }) => {
  const staff = { Authorization: `Bearer ${apiKey("staff")}` };
  const client = { Authorization: `Bearer ${apiKey("client")}` };
  const songTitle = `Harbor Hymn ${Date.now()}`;
  const songBody = {
    title: songTitle,
    writers: ["Iris Vale"],
    owners: [
      { name: "Vale Music", postalAddress: "3 Vale Road\nBoston, MA 02108", share: 62.5 },
      { name: "Hymnal Co", postalAddress: "8 Chapel Street\nSalem, MA 01970", share: 37.5 },
    ],
  };
  const song = await request.post("/api/songs", { headers: staff, data: songBody });
  expect(song.status()).toBe(201);
  const { id: songId, owners } = (await song.json()) as { id: number; owners: { id: number }[] };
  const found = await request.get(`/api/songs?q=${encodeURIComponent("harbor hymn")}`, { headers: staff });
  expect(found.headers()["x-total-count"]).toBe("1");
  expect((await request.post("/api/songs", { headers: client, data: songBody })).status()).toBe(403);

  const { id } = await fileRequest(request, `Hymn Request ${Date.now()}`);
  expect((await request.get(`/api/requests/${id}/license`, { headers: client })).status()).toBe(409);
  expect((await request.post(`/api/requests/${id}/link-song`, { headers: client, data: { songId } })).status()).toBe(
    403,
  );
  expect((await request.post(`/api/requests/${id}/link-song`, { headers: staff, data: { songId } })).status()).toBe(
    200,
  );
  const ready = await request.post(`/api/requests/${id}/status`, { headers: staff, data: { code: "ready" } });
  expect((await ready.json()).status.code).toBe("ready");
  await payAndBegin(request, id);
  for (const owner of owners) {
    const served = await request.post(`/api/requests/${id}/owners/${owner.id}/notice`, {
      headers: staff,
      data: { method: "mail", carrier: "USPS" },
    });
    expect(served.status()).toBe(200);
  }
  const notices = await request.get(`/api/requests/${id}/notices`, { headers: staff });
  expect(((await notices.json()) as { served: boolean }[]).map((n) => n.served)).toEqual([true, true]);
  const license = await request.get(`/api/requests/${id}/license`, { headers: client });
  expect(license.status()).toBe(200);
  expect(license.headers()["content-type"]).toBe("application/pdf");
  expect(await pdfText(await license.body())).toContain(songTitle);
  const cancel = await request.post(`/api/requests/${id}/cancel`, { headers: client });
  expect((await cancel.json()).code).toBe("invalid_transition");
});

test("client staff and the licensee download a license with their portal session", async ({
  page,
  browser,
  request,
}) => {
  const licensed = await request.get("/api/requests?status=licensed", {
    headers: { Authorization: `Bearer ${apiKey("client")}` },
  });
  const [first] = (await licensed.json()) as { id: number }[];
  expect(first).toBeDefined();
  const url = `/api/requests/${first!.id}/license`;

  await signIn(page, DEMO_USERS.client);
  await page.goto(`/requests/${first!.id}`);
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download the license (PDF)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`coverdesk-license-${first!.id}.pdf`);
  expect(await pdfText(readFileSync(await download.path()))).toContain(`Request ${first!.id}, licensed on`);
  const asClient = await page.request.get(url);
  expect(asClient.status()).toBe(200);
  expect(asClient.headers()["content-type"]).toBe("application/pdf");

  const licensee = await signedInPage(browser, DEMO_USERS.licensee);
  await licensee.goto("/requests?status=licensed");
  await licensee.getByRole("link", { name: "Blue Skies Again" }).click();
  const licenseeDownload = licensee.waitForEvent("download");
  await licensee.getByRole("link", { name: "Download the license (PDF)" }).click();
  const pdf = await licenseeDownload;
  expect(pdf.suggestedFilename()).toMatch(/^coverdesk-license-\d+\.pdf$/);
  expect(await pdfText(readFileSync(await pdf.path()))).toContain("Lee Licensee Music");
});

test("a browser refused by an API route gets the portal's error page with its status, never JSON", async ({
  page,
  browser,
  request,
}) => {
  const { id: unlicensed } = await fileRequest(request, `Unlicensed Download ${Date.now()}`);
  await signIn(page, DEMO_USERS.client);
  const cases: [string, number, string][] = [
    [`/api/requests/${unlicensed}/license`, 409, "The request is not licensed yet"],
    ["/api/requests/999999999/license", 404, "Not found"],
  ];
  for (const [url, status, heading] of cases) {
    const res = await page.goto(url);
    expect(res?.status()).toBe(status);
    expect(res?.headers()["content-type"]).toContain("text/html");
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to the dashboard" })).toBeVisible();
    await expectAccessible(page);
  }
  // An API key on the same URL still gets problem+json.
  const viaKey = await request.get(`/api/requests/${unlicensed}/license`, {
    headers: { Authorization: `Bearer ${apiKey("client")}` },
  });
  expect(viaKey.headers()["content-type"]).toBe("application/problem+json");

  await page.getByRole("link", { name: "Back to the dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const licensee = await signedInPage(browser, DEMO_USERS.licensee);
  // Another licensee's request, to the demo licensee, is a request that does not exist.
  const refused = await licensee.goto(`/api/requests/${unlicensed}/license`);
  expect(refused?.status()).toBe(404);
  expect(refused?.headers()["content-type"]).toContain("text/html");
  await expect(licensee.getByRole("heading", { level: 1, name: "Not found" })).toBeVisible();

  // Signed out, the browser is sent to sign in first.
  const signedOut = await (await browser.newContext()).newPage();
  await signedOut.goto(`/api/requests/${unlicensed}/license`);
  await expect(signedOut).toHaveURL(/\/login\?callbackUrl=/);
});

test("a refused status change keeps the note the employee typed; a staff-only note never reaches the client", async ({
  page,
  browser,
  request,
}) => {
  const { id } = await fileRequest(request, `Unreasoned Refusal ${Date.now()}`);
  await signIn(page, DEMO_USERS.employee);
  await page.goto(`/staff/requests/${id}`);
  await page.getByLabel("Note for the timeline (optional)").fill("Checked with the publisher: lyrics rewritten.");
  await page.getByLabel("Who reads the note").selectOption("Staff only");
  await page.getByRole("button", { name: "Move to “Cannot license”" }).click(); // no reason chosen
  await expect(page.locator("#status-reason-error")).toBeVisible();
  await expect(page.getByLabel("Note for the timeline (optional)")).toHaveValue(
    "Checked with the publisher: lyrics rewritten.",
  );
  await expect(page.getByLabel("Who reads the note")).toHaveValue("staff");
  await page.getByLabel("Reason, if it cannot be licensed").selectOption("changed_lyrics");
  await page.getByRole("button", { name: "Move to “Cannot license”" }).click();
  await expect(page.getByText("This status is final.")).toBeVisible();
  await expect(page.getByText("Checked with the publisher: lyrics rewritten.").first()).toBeVisible(); // in the timeline
  await expect(page.getByRole("list").getByText("Staff only", { exact: true })).toBeVisible();

  const client = await browser.newContext();
  const casey = await client.newPage();
  await signIn(casey, DEMO_USERS.client);
  await casey.goto(`/requests/${id}`);
  await expect(casey.getByText("Cannot license").first()).toBeVisible();
  expect(await casey.content()).not.toContain("Checked with the publisher");
  await client.close();
});
