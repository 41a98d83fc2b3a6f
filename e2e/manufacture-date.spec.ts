import { randomBytes } from "node:crypto";
import { expect, test } from "./fixtures";
import { DEMO_USERS, signedInPage, signIn } from "./helpers";
import { expectAccessible } from "./portal";

/** A day `days` from today as the date input takes it (YYYY-MM-DD) and as the portal shows it ("Jan 6, 2027"). */
const dayFromNow = (days: number) => {
  const d = new Date();
  d.setUTCHours(12, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() + days);
  return {
    iso: d.toISOString().slice(0, 10),
    shown: d.toLocaleDateString("en-US", { dateStyle: "medium", timeZone: "UTC" }),
    long: d.toLocaleDateString("en-US", { dateStyle: "long", timeZone: "UTC" }),
  };
};

test("a CD's manufacture date, given in the wizard and changed on the album page, moves the notices' due date staff see", async ({
  page,
  browser,
}) => {
  const run = randomBytes(4).toString("hex");
  const album = `Pressing ${run}`;
  const song = `Pressed Tune ${run}`;
  // A release three months out: the day before its month is far later than 30 days after a pressing next week.
  const release = new Date();
  release.setUTCDate(1);
  release.setUTCMonth(release.getUTCMonth() + 3);
  const made = dayFromNow(5);

  await signIn(page, DEMO_USERS.client);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "New request" }).click();
  await page.getByLabel("A new licensee").check();
  await page.getByLabel("Company name").fill("Pressing Plant LLC");
  await page.getByLabel("Email").fill("rights@pressing-plant.example.com");
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel("Album title").fill(album);
  await page.getByLabel("Album artist").fill("The Pressers");
  await page.getByRole("button", { name: "Next" }).click();

  // Release: the manufacture date is asked for a physical format only.
  await expect(page.getByRole("heading", { name: "Step 3 of 5: Release" })).toBeVisible();
  await page.getByLabel("Format").selectOption({ label: "Digital Downloads" });
  await expect(page.getByLabel(/^Manufacture date/)).toHaveCount(0);
  await page.getByLabel("Format").selectOption({ label: "Compact Discs" });
  await page.getByLabel("Quantity (units)").fill("500");
  await page.getByLabel(/^Label/).fill("Basement Tapes");
  await page.getByLabel(/^Catalog number/).fill(`BT-${run}`);
  await page.getByLabel("Choose a month").check();
  await page.getByLabel("Month", { exact: true }).selectOption(String(release.getUTCMonth() + 1));
  await page.getByLabel("Year", { exact: true }).selectOption(String(release.getUTCFullYear()));
  // A pressing after the release month is refused on the field, with the API's message.
  await page.getByLabel(/^Manufacture date/).fill(dayFromNow(200).iso);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(
    page.getByText(/the last day of the release month: copies are made before they are distributed/),
  ).toBeVisible();
  await page.getByLabel(/^Manufacture date/).fill(made.iso);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Next" }).click();

  await expect(page.getByRole("heading", { name: "Step 4 of 5: Tracks" })).toBeVisible();
  const track = page.getByRole("region", { name: "Track 1" });
  await track.getByLabel("Song title").fill(song);
  await track.getByLabel("Original recording artist").fill("The Originals");
  await track.getByLabel("Length in seconds").fill("180");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("heading", { name: "Step 5 of 5: Review" })).toBeVisible();
  await expect(page.getByText(`Made on ${made.long}`)).toBeVisible();
  await page.getByRole("button", { name: "File the requests" }).click();
  await expect(page.getByText("Your request was filed.")).toBeVisible();

  // The album page shows what the notices will print.
  const card = page.getByRole("region", { name: /^Compact Discs,/ });
  await expect(card).toContainText("Basement Tapes");
  await expect(card).toContainText(`BT-${run}`);
  await expect(card).toContainText(made.long);

  // Staff see the notices due 30 days after the pressing, not the day before the release month.
  const staff = await signedInPage(browser, DEMO_USERS.employee);
  const dueInQueue = async () => {
    await staff.goto(`/staff/queue?q=${encodeURIComponent(song)}`);
    return staff.getByRole("row").filter({ hasText: song });
  };
  await expect(await dueInQueue()).toContainText(dayFromNow(35).shown);

  // A later pressing, changed in place on the album page, moves it by as many days.
  await card.getByRole("button", { name: /^Edit manufacture date/ }).click();
  await card.getByLabel("Manufacture date").fill(dayFromNow(12).iso);
  await card.getByRole("button", { name: "Save" }).click();
  await expect(card).toContainText(dayFromNow(12).long);
  await expect(await dueInQueue()).toContainText(dayFromNow(42).shown);
  await staff.context().close();
});
