import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { DEMO_USERS, signIn } from "./helpers";

/** No serious or critical accessibility violations on the current page. */
async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("an employee researches, links, licenses a new request and downloads its license", async ({ page }) => {
  const title = `Lighthouse Lullaby ${Date.now()}`;
  await signIn(page, DEMO_USERS.employee);

  // The catalog gets the song, with two owners whose shares sum to 100%.
  await page.goto("/staff/songs/new");
  await expectAccessible(page);
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Writers (one per line)").fill("Nora Keeper\nTom Tide");
  await page.getByLabel("Owner 1 name").fill("Keeper Music");
  await page.getByLabel("Owner 1 share").fill("70");
  await page.getByRole("button", { name: "Add an owner" }).click();
  await page.getByLabel("Owner 2 name").fill("Tide Songs");
  await page.getByLabel("Owner 2 email (optional)").fill("rights@tidesongs.example.com");
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
  await page.getByRole("row", { name: /Paper Boats/ }).getByRole("link").first().click();
  await expect(page.getByRole("heading", { name: /^Request #\d+$/ })).toBeVisible();
  await expect(page.getByText("Not linked yet")).toBeVisible();
  await expectAccessible(page);

  // Research: find the song in the catalog and link it.
  await page.getByLabel("Search the catalog by title or writer").fill("Lighthouse Lullaby");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await page.getByRole("button", { name: `Link ${title}` }).click();
  await expect(page.getByText(`Linked to ${title}`)).toBeVisible();

  // Statuses: ready, then licensing in progress with a private note.
  await page.getByRole("button", { name: "Move to “Ready to license”" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Moved to" })).toHaveText("Moved to \"Ready to license\".");
  await page.getByLabel("Note for the timeline (optional)").fill("Keeper Music wants notice by email");
  await page.getByLabel("Private note (hidden from the licensee)").check();
  await page.getByRole("button", { name: "Move to “Licensing in progress”" }).click();
  await expect(page.getByText("Licensing is in progress: mark each notice served below")).toBeVisible();
  await expect(page.getByText("Keeper Music wants notice by email")).toBeVisible();
  await expectAccessible(page);

  // Licensing: every notice served; the last one licenses the request.
  await page.getByRole("button", { name: "Mark served: Keeper Music" }).click();
  await expect(page.getByRole("button", { name: "Mark served: Keeper Music" })).toHaveCount(0);
  await page.getByRole("button", { name: "Mark served: Tide Songs" }).click();
  await expect(page.getByRole("link", { name: "Download license (PDF)" })).toBeVisible();
  await expect(page.getByText("Every copyright owner has been served.")).toBeVisible();

  // The license PDF names the song.
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download license (PDF)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^coverdesk-license-\d+\.pdf$/);
  const bytes = readFileSync(await download.path());
  const text = execFileSync("pdftotext", ["-", "-"], { input: bytes, encoding: "utf8" });
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
