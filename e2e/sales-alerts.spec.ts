import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { apiKey, DEMO_USERS, payAndBegin, signIn } from "./helpers";
import { E2E_LICENSEE, expectAccessible } from "./portal";

const client = () => ({ Authorization: `Bearer ${apiKey("client")}` });
const staff = () => ({ Authorization: `Bearer ${apiKey("staff")}` });

/** A Demo Records single licensed for 100 digital downloads, the whole way through the API (research, payment, notices). */
async function licensedSingle(request: APIRequestContext, title: string) {
  const filed = await request.post("/api/requests", {
    headers: client(),
    data: {
      track: {
        album: {
          title: `${title} (single)`,
          artist: "The Tally Band",
          licensee: { ...E2E_LICENSEE, companyName: "Tally Licensee Co", email: "tally@licensee-co.com" },
        },
        lengthInSeconds: 200,
        releases: [{ formatId: 1002, releaseQuantity: 100 }],
        song: { title, originalRecordingArtist: "Old Counting Band" },
      },
    },
  });
  expect(filed.status()).toBe(201);
  const { id, albumId, trackId } = (await filed.json()) as { id: number; albumId: number; trackId: number };
  const song = await request.post("/api/songs", {
    headers: staff(),
    data: {
      title,
      writers: ["Tess Tally"],
      owners: [{ name: `${title} Publishing`, postalAddress: "1 Tally Road\nDover, DE 19901", share: 100 }],
    },
  });
  expect(song.status()).toBe(201);
  const { id: songId, owners } = (await song.json()) as { id: number; owners: { id: number }[] };
  expect((await request.post(`/api/requests/${id}/link-song`, { headers: staff(), data: { songId } })).status()).toBe(
    200,
  );
  expect(
    (await request.post(`/api/requests/${id}/status`, { headers: staff(), data: { code: "ready" } })).status(),
  ).toBe(200);
  await payAndBegin(request, id);
  for (const owner of owners)
    expect(
      (
        await request.post(`/api/requests/${id}/owners/${owner.id}/notice`, {
          headers: staff(),
          data: { method: "mail", carrier: "USPS" },
        })
      ).status(),
    ).toBe(200);
  return { albumId, trackId };
}

const report = (trackId: number, units: number) => ({
  name: "sales.csv",
  mimeType: "text/csv",
  buffer: Buffer.from(`date,trackId,store,units,format\n2026-11-20,${trackId},Bandcamp,${units},Digital Downloads\n`),
});

test("an overrun alert and its one-click reorder", async ({ page, request }) => {
  test.setTimeout(180_000);
  const title = `Counting Song ${Date.now()}`;
  const { albumId, trackId } = await licensedSingle(request, title);
  await signIn(page, DEMO_USERS.client);
  await page.goto(`/albums/${albumId}`);
  const sales = page.getByRole("region", { name: "Sales" });
  await expect(sales).toContainText("No sales reported yet.");

  // 85 of 100 licensed units: the 80 % notice.
  await sales.getByLabel("Sales report (CSV)").setInputFiles(report(trackId, 85));
  await sales.getByRole("button", { name: "Upload sales report" }).click();
  await expect(sales.getByRole("status").filter({ hasText: "80 % of licensed units sold" })).toContainText(
    `“${title}” (85 of 100)`,
  );
  await expect(sales.getByRole("img", { name: /sold over time against its licensed units/ })).toBeVisible();
  await expect(sales.getByRole("figure")).toContainText("85 units sold by Nov 20, 2026 against 100 licensed.");
  await expectAccessible(page);

  // A bad line refuses the whole report, naming the line.
  await sales.getByLabel("Sales report (CSV)").setInputFiles({ ...report(trackId, 0) });
  await sales.getByRole("button", { name: "Upload sales report" }).click();
  await expect(sales.getByRole("alert")).toContainText("Line 2 units: must be at least 1");

  // 30 more: over the licensed quantity, with the one-click reorder of the missing units plus a margin.
  await sales.getByLabel("Sales report (CSV)").setInputFiles(report(trackId, 30));
  await sales.getByRole("button", { name: "Upload sales report" }).click();
  const warning = sales.getByRole("alert").filter({ hasText: "Over licensed quantity" });
  await expect(warning).toContainText(`“${title}” sold 115 of 100 licensed units (15 units short).`);
  await expectAccessible(page);
  await sales.getByLabel("25 % (44 units)").check();
  await sales.getByRole("button", { name: "Reorder now" }).click();
  // The reorder covers the shortfall while it is being licensed: the warning says so, takes the focus, and no second
  // reorder is offered.
  await expect(warning).toContainText("A reorder of 44 units is being licensed and covers them.");
  await expect(warning).toBeFocused();
  await expect(sales.getByRole("button", { name: "Reorder now" })).toHaveCount(0);

  // The new reorder request is listed under the track; its release is the missing 15 units plus 25 % of 115 sold.
  const requests = (await (await request.get(`/api/tracks/${trackId}/requests`, { headers: client() })).json()) as {
    id: number;
    kind: string;
    royalty: { quantity: number };
  }[];
  const reorder = requests.find((r) => r.kind === "reorder");
  expect(reorder?.royalty.quantity).toBe(44);
  await page.reload();
  await expect(page.getByRole("link", { name: `Request #${reorder!.id}` })).toBeVisible();

  // The dashboard lists the alert and leads back to the album.
  await page.goto("/dashboard");
  const alerts = page.getByRole("region", { name: "Sales alerts" });
  await expect(alerts).toContainText(`“${title}” (Digital Downloads) over licensed quantity, 115 of 100 sold`);
  await expectAccessible(page);
  await alerts
    .getByRole("link", { name: `${title} (single)` })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/albums/${albumId}$`));
});
