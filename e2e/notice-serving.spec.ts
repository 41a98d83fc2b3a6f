import { readFileSync } from "node:fs";
import { expect, test } from "./fixtures";
import { pdfText } from "../tests/helpers/pdf-text";
import { apiKey, DEMO_USERS, payAndBegin, signIn } from "./helpers";
import { expectAccessible, fileRequestViaApi } from "./portal";

test("an employee serves each notice the way the owner can be reached, and downloads the letter to mail", async ({
  page,
  request,
}) => {
  const staff = { Authorization: `Bearer ${apiKey("staff")}` };
  const title = `Postmark Serenade ${Date.now()}`;
  await signIn(page, DEMO_USERS.employee);

  // The catalog song: one owner with a postal address only, one with an email only.
  await page.goto("/staff/songs/new");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Writers (one per line)").fill("Quinn Quill");
  await page.getByLabel("Owner 1 name").fill("Letter Music");
  await page.getByLabel("Owner 1 postal address (optional)").fill("12 Quill Street\nBoston, MA 02108");
  await page.getByLabel("Owner 1 share").fill("60");
  await page.getByRole("button", { name: "Add an owner" }).click();
  await page.getByLabel("Owner 2 name").fill("Inbox Only Songs");
  await page.getByLabel("Owner 2 email (optional)").fill("notices@inbox-only.example.com");
  await page.getByLabel("Owner 2 share").fill("40");
  await page.getByRole("button", { name: "Add the song" }).click();
  await expect(page).toHaveURL(/\/staff\/songs\/\d+\?saved=1$/);
  const songId = Number(/\/staff\/songs\/(\d+)/.exec(page.url())![1]);

  const { id } = await fileRequestViaApi(page, apiKey("client"), title);
  expect((await request.post(`/api/requests/${id}/link-song`, { headers: staff, data: { songId } })).status()).toBe(
    200,
  );
  expect((await request.post(`/api/requests/${id}/status`, { headers: staff, data: { code: "ready" } })).status()).toBe(
    200,
  );
  await payAndBegin(request, id);

  await page.goto(`/staff/requests/${id}`);
  const byMail = page.getByRole("form", { name: "Serve the notice to Letter Music" });
  const byEmail = page.getByRole("form", { name: "Serve the notice to Inbox Only Songs" });
  // Each form offers only the ways the owner can be reached, and says what is missing.
  await expect(byMail.getByText("Not possible for Letter Music: by email: no email address on file.")).toBeVisible();
  await expect(
    byEmail.getByText(
      "Not possible for Inbox Only Songs: by mail: no postal address on file; by email: the owner has not designated an email for notices.",
    ),
  ).toBeVisible();
  await expect(byEmail.getByRole("option", { name: "by mail (no postal address on file)" })).toBeDisabled();
  // The way is the employee's choice: nothing is pre-selected.
  await expect(byMail.getByLabel("How", { exact: true })).toHaveValue("");
  await expectAccessible(page);

  // The song is frozen by licensing, but the missing address can still be added there; then mail is offered.
  await byEmail.getByRole("link", { name: "Add it on the catalog song" }).click();
  await expect(page).toHaveURL(`/staff/songs/${songId}`);
  const contact = page.getByRole("form", { name: "Contact details of Inbox Only Songs" });
  await contact.getByLabel("Postal address of Inbox Only Songs").fill("9 Inbox Avenue\nDenver, CO 80202");
  await contact.getByLabel("Designated by the owner for notices of intention").check();
  await contact.getByRole("button", { name: "Save contact of Inbox Only Songs" }).click();
  await expect(contact.getByRole("status")).toHaveText("Contact details of Inbox Only Songs saved.");
  await expectAccessible(page);
  await page.goto(`/staff/requests/${id}`);
  await expect(byEmail.getByRole("option", { name: "by mail", exact: true })).toBeEnabled();

  // The letter to mail, for the owner with an address.
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Notice letter (PDF) for Letter Music" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^coverdesk-notice-${id}-\\d+\\.pdf$`));
  const letter = (await pdfText(readFileSync(await download.path()))).replace(/\s+/g, " ");
  for (const part of [
    "Notice of Intention to Obtain a Compulsory License",
    "Owner Letter Music",
    "Postal address 12 Quill Street, Boston, MA 02108",
    "Share 60% of the work",
    `Title ${title}`,
    "Writers Quinn Quill",
    "Units 1,000",
    "Full legal name E2E Licensee Co",
    "Telephone +1 615 555 0199",
  ]) {
    expect(letter).toContain(part);
  }

  // Served by mail (the day the request was filed is today: the form offers no other day), with a note.
  const today = await byMail.getByLabel("Served on").inputValue();
  await expect(byMail.getByLabel("Served on")).toHaveAttribute("max", today);
  await byMail.getByLabel("How", { exact: true }).selectOption("mail");
  await byMail.getByLabel("Carrier").fill("USPS Certified Mail");
  await byMail.getByLabel("Tracking number (optional)").fill("7019 0001");
  await byMail.getByLabel("Note (optional)").fill("Certified mail 7019 0001");
  await byMail.getByRole("button", { name: "Mark served: Letter Music" }).click();
  const servedDay = new Date(`${today}T12:00:00Z`).toLocaleDateString("en-US", {
    dateStyle: "medium",
    timeZone: "UTC",
  });
  await expect(page.getByText(`Served by mail on ${servedDay}`)).toBeVisible();
  await expect(page.getByText("Note: Certified mail 7019 0001")).toBeVisible();
  await expect(page.getByText("Carrier: USPS Certified Mail, tracking number 7019 0001")).toBeVisible();

  // The other by email: the last one licenses the request, and the timeline says how each owner was served.
  await byEmail.getByLabel("How", { exact: true }).selectOption("email");
  await byEmail.getByRole("button", { name: "Mark served: Inbox Only Songs" }).click();
  await expect(page.getByRole("link", { name: "Download license (PDF)" })).toBeVisible();
  await expect(
    page.getByText(
      `Every copyright owner has been served: Letter Music by mail on ${servedDay}; Inbox Only Songs by email on ${servedDay}.`,
    ),
  ).toBeVisible();
  await expectAccessible(page);
});
