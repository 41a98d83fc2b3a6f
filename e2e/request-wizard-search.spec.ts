import { randomBytes } from "node:crypto";
import { expect, test } from "./fixtures";
import { DEMO_USERS, signIn } from "./helpers";
import { acceptInvitation } from "./mail";
import { createApiKey, expectAccessible, fileRequestViaApi } from "./portal";
import { newAlbumOnDigitalRelease } from "./wizard";

const run = randomBytes(3).toString("hex");

test("past 200 licensees the wizard finds the licensee by name, loads its albums and keeps its name through the review and a reload", async ({
  browser,
}) => {
  // An account of its own with 201 licensees: the demo account keeps the short list the other specs choose from.
  const adminEmail = `admin-${run}@wizard-search.example.com`;
  const staff = await (await browser.newContext()).newPage();
  await signIn(staff, DEMO_USERS.employee);
  await staff.goto("/staff/accounts");
  await staff.getByLabel("Account name").fill(`Crowded E2E ${run}`);
  await staff.getByLabel("Admin's email").fill(adminEmail);
  await staff.getByLabel("Admin's name").fill("Cro Wded");
  await staff.getByRole("button", { name: "Open account and invite" }).click();
  await expect(staff.getByRole("list", { name: "Open invitations" })).toContainText(adminEmail);
  const page = await (await browser.newContext()).newPage();
  await acceptInvitation(page, adminEmail);
  const key = await createApiKey(page, `Crowd key ${run}`);
  const licensee = (i: number) => ({
    companyName: `Crowd ${String(i).padStart(3, "0")} Music`,
    email: `crowd${i}@example.com`,
  });
  for (let i = 0; i <= 200; i++) await fileRequestViaApi(page, key, `Crowd song ${i}`, licensee(i));

  await page.goto("/requests/new");
  await expect(page.getByLabel("An existing licensee")).toBeChecked();
  const select = page.getByLabel("Licensee", { exact: true });
  await expect(select.locator("option")).toHaveText(["Find the licensee above first…"]);
  await page.getByLabel("Find the licensee").fill("crowd 12");
  await expect(page.getByText("10 licensees found.")).toBeVisible();
  await expectAccessible(page);
  await select.selectOption({ label: "Crowd 123 Music (crowd123@example.com)" });
  // Another search keeps the chosen licensee in the list (and chosen).
  await page.getByLabel("Find the licensee").fill("crowd 007");
  await expect(page.getByText("1 licensee found.")).toBeVisible();
  await expect(select.locator("option:checked")).toHaveText("Crowd 123 Music (crowd123@example.com)");
  await page.getByRole("button", { name: "Next" }).click();

  // The chosen licensee's albums load as from the list.
  await page.getByLabel("An existing album").check();
  await expect(page.getByLabel(/Album of Crowd song 123/)).toBeVisible();
  await newAlbumOnDigitalRelease(page, "Found By Name");
  const track = page.getByRole("region", { name: "Track 1" });
  await track.getByLabel("Song title").fill("Searched Song");
  await track.getByLabel("Original recording artist").fill("Someone");
  await page.getByRole("button", { name: "Next" }).click();

  // The review names the licensee with its email, also from the saved draft after a reload, where no list holds it.
  await expect(page.getByRole("heading", { name: "Step 5 of 5: Review" })).toBeVisible();
  await expect(page.getByText("Crowd 123 Music (crowd123@example.com)")).toBeVisible();
  await page.reload();
  await expect(page.getByText("We kept your unfinished request")).toBeVisible();
  await expect(page.getByText("Crowd 123 Music (crowd123@example.com)")).toBeVisible();
  // Back on the licensee step, the list holds no match but keeps the chosen licensee as it was shown.
  await page.getByRole("button", { name: "1 Licensee (done, go back)" }).click();
  await expect(select.locator("option:checked")).toHaveText("Crowd 123 Music (crowd123@example.com)");
  for (const step of ["2 of 5: Album", "3 of 5: Release", "4 of 5: Tracks", "5 of 5: Review"]) {
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByRole("heading", { name: `Step ${step}` })).toBeVisible();
  }
  await page.getByRole("button", { name: "File the requests" }).click();
  await expect(page.getByText("Your request was filed.")).toBeVisible();
  await expect(page.getByText("Crowd 123 Music").first()).toBeVisible();
});
