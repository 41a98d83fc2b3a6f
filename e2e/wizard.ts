import type { Page } from "@playwright/test";

/** In the new-request wizard past its licensee step: a new album (artist "Various") on 500 digital downloads, up to the tracks step. */
export async function newAlbumOnDigitalRelease(page: Page, title: string) {
  await page.getByLabel("A new album").check();
  await page.getByLabel("Album title").fill(title);
  await page.getByLabel("Album artist").fill("Various");
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel("Format").selectOption({ label: "Digital Downloads" });
  await page.getByLabel("Quantity (units)").fill("500");
  await page.getByRole("button", { name: "Next" }).click();
}
