import { expect, test } from "./fixtures";
import { DEMO_USERS, signIn } from "./helpers";
import { expectAccessible } from "./portal";

test("a client licenses more units from a licensed request, and the new request is listed", async ({ page }) => {
  await signIn(page, DEMO_USERS.client);
  await page.goto("/requests?status=licensed");
  await page.getByRole("link", { name: "Blue Skies Again" }).click();
  await page.getByRole("link", { name: "License more units" }).click();

  // The short form starts from the earlier release and shows the royalty of what it will file.
  await expect(page.getByRole("heading", { level: 1, name: "License more units" })).toBeVisible();
  await expect(page.getByLabel("Format")).toHaveValue("1005");
  await expect(page.getByLabel("Quantity (units)")).toHaveValue("500");
  await expect(page.getByText(/the earliest allowed month is/)).toBeVisible();
  const estimate = page.getByRole("region", { name: "Royalty and fee estimate" });
  await expect(estimate.getByRole("row").filter({ hasText: "Blue Skies Again" })).toBeVisible();
  const before = await page.getByTestId("royalty-total").textContent();
  await page.getByLabel("Quantity (units)").fill("1000");
  await expect(page.getByTestId("royalty-total")).not.toHaveText(before ?? "");
  await expectAccessible(page);

  // The reorder API's rules apply here too: a streaming format needs its outlets.
  await page.getByLabel("Format").selectOption({ label: "Interactive Audio Streams" });
  await page.getByRole("button", { name: "File the request" }).click();
  await expect(page.getByText("Interactive Audio Streams needs a summary of the distribution outlets")).toBeVisible();
  await page.getByLabel("Expected outlets of distribution").fill("Bandcamp, our own website");
  await page.getByRole("button", { name: "File the request" }).click();

  await expect(page.getByText("Your request was filed.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Bright Days" })).toBeVisible();
  const requests = page.getByRole("region", { name: /Blue Skies Again/ }).getByRole("listitem");
  await expect(requests).toHaveCount(2);
  await expect(requests.filter({ hasText: "Interactive Audio Streams" })).toContainText("New");
  await requests.filter({ hasText: "Interactive Audio Streams" }).getByRole("link").click();
  await expect(page.getByText(/\(a reorder\)/)).toBeVisible();
  await expect(page.getByText("1,000 × Interactive Audio Streams")).toBeVisible();
});

test("licensees are not offered more units, and cannot open the form", async ({ page }) => {
  await signIn(page, DEMO_USERS.licensee);
  await page.goto("/requests?status=licensed");
  await page.getByRole("link", { name: "Blue Skies Again" }).click();
  await expect(page.getByRole("link", { name: "Download the license (PDF)" })).toBeVisible();
  await expect(page.getByRole("link", { name: "License more units" })).toHaveCount(0);
  const albumPath = await page.getByRole("link", { name: "Bright Days" }).first().getAttribute("href");
  const res = await page.goto(`${albumPath}/reorder`);
  expect(res?.status()).toBe(404);
});
