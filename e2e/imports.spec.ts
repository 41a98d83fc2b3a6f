import { readFileSync } from "node:fs";
import { expect, test } from "./fixtures";
import { DEMO_USERS, signIn } from "./helpers";
import { expectAccessible } from "./portal";

const HEADER =
  "albumKey,albumTitle,albumArtist,licenseeCompanyName,licenseeEmail,releaseFormat,releaseQuantity,trackLength,songTitle,songWriters";

test("upload with progress to completion: a CSV with one bad row shows its cell error, the check job previews it, the valid rows are filed, the result CSV says which request each became", async ({
  page,
}) => {
  const album = `Imported Covers ${Date.now()}`;
  const row = (song: string, quantity = "500") =>
    `covers,${album},The Importers,Import Label LLC,rights@example.com,1002,${quantity},3:10,${song},"Lennon, McCartney"`;
  const csv = [HEADER, row("Imported One"), row("Imported Two", "lots"), row("Imported Three")].join("\n") + "\n";

  await signIn(page, DEMO_USERS.client);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Imports" }).click();
  await expect(page.getByRole("heading", { name: "Imports", level: 1 })).toBeVisible();
  await expectAccessible(page);

  await page
    .getByLabel("CSV file")
    .setInputFiles({ name: "covers.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Upload and check" }).click();
  await expect(page.getByRole("heading", { name: "covers.csv", level: 1 })).toBeVisible();

  // The check runs in the background; the page turns into the preview when it is over.
  await expect(page.getByRole("heading", { name: "Checked, waiting for your confirmation", level: 2 })).toBeVisible({
    timeout: 60_000,
  });

  // The preview: row 2's bad cell, by its column; nothing filed yet.
  const rows = page.getByRole("table", { name: /Each row of the import/ });
  const bad = rows.getByRole("row", { name: /^2\b/ });
  await expect(bad).toContainText("releaseQuantity: must be an integer of at least 1");
  await expect(bad).toContainText("Has errors: will not be filed");
  await expect(page.getByRole("progressbar")).toHaveAttribute("value", "0");
  await expectAccessible(page);

  await page.getByRole("button", { name: "File 2 valid rows" }).click();
  await expect(page.getByRole("progressbar")).toHaveAttribute("value", "100", { timeout: 60_000 });
  await expect(page.getByRole("status").filter({ hasText: "The import is done." })).toContainText("2 filed");
  const first = rows.getByRole("row", { name: /^1\b/ }).getByRole("link", { name: /^Request #\d+$/ });
  await expect(first).toBeVisible();
  const firstId = (await first.textContent())!.replace("Request #", "");
  await expectAccessible(page);

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download the result (CSV)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^import-\d+-result\.csv$/);
  const lines = readFileSync(await download.path(), "utf8")
    .trim()
    .split("\r\n");
  expect(lines[0]).toBe("row,albumKey,status,requestId,errorCode,error");
  expect(lines[1]).toBe(`1,covers,filed,${firstId},,`);
  expect(lines[2]).toBe("2,covers,invalid,,validation_failed,releaseQuantity: must be an integer of at least 1");
  expect(lines[3]).toMatch(/^3,covers,filed,\d+,,$/);

  // Both filed rows went on one album (their albumKey).
  await first.click();
  await expect(page.getByText(album).first()).toBeVisible();
});

test("a medley and its parts in one CSV: filed as one medley whose page lists both parts", async ({ page }) => {
  const album = `Imported Medleys ${Date.now()}`;
  const header =
    "albumKey,albumTitle,albumArtist,licenseeCompanyName,licenseeEmail,releaseFormat,releaseQuantity,songTitle,songWriters,medley,trackKey,medleyKey";
  const row = (song: string, medley: string, trackKey: string, medleyKey: string) =>
    `medleys,${album},The Importers,Import Label LLC,rights@example.com,1002,500,${song},A. Writer,${medley},${trackKey},${medleyKey}`;
  const csv =
    [
      header,
      row("Jolene / Landslide", "yes", "jl", ""),
      row("Jolene", "", "", "jl"),
      row("Landslide", "", "", "jl"),
    ].join("\n") + "\n";

  await signIn(page, DEMO_USERS.client);
  await page.goto("/imports");
  await page
    .getByLabel("CSV file")
    .setInputFiles({ name: "medleys.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Upload and check" }).click();
  await page.getByRole("button", { name: "File 3 valid rows" }).click({ timeout: 60_000 });
  await expect(page.getByRole("status").filter({ hasText: "The import is done." })).toContainText("3 filed", {
    timeout: 60_000,
  });

  const rows = page.getByRole("table", { name: /Each row of the import/ });
  await rows
    .getByRole("row", { name: /^1\b/ })
    .getByRole("link", { name: /^Request #\d+$/ })
    .click();
  const parts = page.getByRole("region", { name: "Song parts of this medley" });
  await expect(parts.getByRole("link", { name: /^Jolene \(request #\d+\)$/ })).toBeVisible();
  await expect(parts.getByRole("link", { name: /^Landslide \(request #\d+\)$/ })).toBeVisible();
});
