import { expect, type Page } from "@playwright/test";
import { axeOn } from "./a11y";

/** Fails on any serious or critical accessibility violation of the page as it is now. */
export async function expectAccessible(page: Page) {
  // A client-side navigation sets the new page's title once its metadata arrives: check the page, not the moment between.
  await expect(page).toHaveTitle(/\S/);
  const { violations } = await axeOn(page).analyze();
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
    `accessibility violations on ${page.url()}`,
  ).toEqual([]);
}

/** Creates an API key through Settings → API keys and returns the key shown once. */
export async function createApiKey(page: Page, name: string): Promise<string> {
  await page.goto("/settings/api-keys");
  await page.getByLabel("Name of the new key").fill(name);
  await page.getByRole("button", { name: "Create key" }).click();
  const key = await page.getByLabel("New API key").inputValue();
  expect(key).toMatch(/^cd_/);
  return key;
}

/** A new licensee with every detail its notices state, so its requests can begin licensing. */
export const E2E_LICENSEE = {
  companyName: "E2E Licensee Co",
  email: "e2e@licensee-co.com",
  officers: "Erin Example, owner",
  phone1: "+1 615 555 0199",
  address: "200 Broadway",
  city: "Nashville",
  state: "TN",
  zip: "37201",
  country: "US",
};

let counter = 0;
/** Files an initial request through the API with a client key, as an integrating system would. */
export async function fileRequestViaApi(
  page: Page,
  key: string,
  song = `API song ${Date.now()}-${++counter}`,
  licensee: { id: string } | { companyName: string; email: string } = E2E_LICENSEE,
) {
  const res = await page.request.post("/api/requests", {
    headers: { Authorization: `Bearer ${key}` },
    data: {
      track: {
        album: { title: `Album of ${song}`, artist: "E2E Band", licensee },
        lengthInSeconds: 200,
        releases: [{ formatId: 1002, releaseQuantity: 1000 }],
        song: { title: song, originalRecordingArtist: "Somebody" },
      },
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: number; albumId: number; trackId: number; releaseId: number; licenseeId: string };
}
