import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { outboxMessages, salesAlerts, webhookDeliveries, webhookEndpoints } from "@/db/schema";
import { getDashboard } from "@/lib/dashboard/get-dashboard";
import { getAlbumSales } from "@/lib/sales/get-album-sales";
import { reorderShortfall } from "@/lib/sales/shortfall-reorder";
import { clientKey } from "../helpers/api";
import { clientStaff } from "../helpers/people";
import { licensedTwoTracks, markLicensed, salesCsv, uploadSales } from "../helpers/sales";
import { deliveredMails } from "../helpers/smtp";
import { setupTestDb } from "../helpers/test-db";
import { licenseeActor } from "../helpers/wall";

const db = setupTestDb();
beforeEach(async () => {
  vi.stubEnv("PUBLIC_BASE_URL", "https://desk.coverdesk.example");
  await db().delete(outboxMessages);
});
afterEach(() => vi.unstubAllEnvs());

const sold = (trackId: number, units: number, date = "2026-11-10") =>
  salesCsv("date,trackId,store,units,format", `${date},${trackId},Bandcamp,${units},1002`);

/** An album of two tracks, each licensed for 1000 digital downloads, with client staff and a licensee user. */
async function licensedAlbum(account: string) {
  const { key, accountId } = await clientKey(db(), account);
  const { first, second } = await licensedTwoTracks(db(), key);
  const slug = account.split(" ")[0]!.toLowerCase();
  const staff = await clientStaff(db(), account, `admin.${slug}@client.example`);
  await clientStaff(db(), account, `member.${slug}@client.example`, "member");
  await licenseeActor(db(), { accountId, licenseeId: first.licenseeId }, `lena.${slug}@example.com`);
  return { key, accountId, first, second, staff };
}

describe("overrun alerts", () => {
  it("alerts once at 80 % and once at 100 %, mailing the account's client staff and never a licensee user", async () => {
    const { key, first } = await licensedAlbum("Eighty Records");
    const at80 = await uploadSales(key, first.releaseId, sold(first.trackId, 800));
    expect(at80.body.alerts).toEqual([
      {
        trackId: first.trackId,
        formatId: 1002,
        sold: 800,
        licensed: 1000,
        releaseId: first.releaseId,
        level: 80,
        shortfall: 0,
      },
    ]);
    const [mail] = await deliveredMails(db());
    expect(mail?.subject).toBe("Sales at 80 % of the licensed quantity");
    expect(mail?.to.sort()).toEqual(["admin.eighty@client.example", "member.eighty@client.example"]);
    expect(mail?.text).toContain('"Yesterday" on "Covers Vol. 1" (Digital Downloads): 800 of 1000 licensed units sold');
    expect(mail?.text).toContain(`https://desk.coverdesk.example/albums/${first.albumId}`);

    expect((await uploadSales(key, first.releaseId, sold(first.trackId, 150))).body.alerts).toEqual([]);
    const at100 = await uploadSales(key, first.releaseId, sold(first.trackId, 60));
    expect(at100.body.alerts).toMatchObject([{ level: 100, sold: 1010, licensed: 1000, shortfall: 10 }]);
    expect((await uploadSales(key, first.releaseId, sold(first.trackId, 500))).body.alerts).toEqual([]);
    const mails = await deliveredMails(db());
    expect(mails.map((m) => m.subject)).toEqual(["Sales over the licensed quantity"]);
    expect(mails.flatMap((m) => m.to)).not.toContain("lena.eighty@example.com");
    const rows = await db().select().from(salesAlerts).where(eq(salesAlerts.trackId, first.trackId));
    expect(rows.map((r) => r.level).sort()).toEqual([100, 80]);
  });

  it("lists the account's newest alerts on the client dashboard, a jump past both thresholds once", async () => {
    const { key, first, second, staff } = await licensedAlbum("Dashboard Records");
    await uploadSales(key, first.releaseId, sold(first.trackId, 850));
    await uploadSales(key, first.releaseId, sold(second.trackId, 1200));
    const dashboard = await getDashboard(db(), staff.actor);
    expect(dashboard.kind === "client" && dashboard.salesAlerts.map((a) => [a.songTitle, a.level, a.sold])).toEqual([
      ["Something", 100, 1200],
      ["Yesterday", 80, 850],
    ]);
    const other = await clientStaff(db(), "Dashboard Other Records", "admin.dashboard.other@client.example");
    const elsewhere = await getDashboard(db(), other.actor);
    expect(elsewhere.kind === "client" && elsewhere.salesAlerts).toEqual([]);
  });

  it("past both thresholds in one report alerts at 100 % alone, and sends sales.threshold_reached to the webhooks that want it", async () => {
    const { key, accountId, first } = await licensedAlbum("Jump Records");
    const [endpoint] = await db()
      .insert(webhookEndpoints)
      .values({
        accountId,
        url: "https://hooks.example.com/sales",
        events: ["sales.threshold_reached"],
        secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
      })
      .returning();
    const res = await uploadSales(key, first.releaseId, sold(first.trackId, 1200));
    expect(res.body.alerts).toMatchObject([{ level: 100, shortfall: 200 }]);
    const events = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint!.id));
    expect(events).toHaveLength(1);
    expect(events[0]!.event).toBe("sales.threshold_reached");
    expect(events[0]!.payload).toMatchObject({
      type: "sales.threshold_reached",
      data: { alert: { trackId: first.trackId, level: 100, sold: 1200, licensed: 1000 } },
    });
    expect((await deliveredMails(db())).map((m) => m.subject)).toEqual(["Sales over the licensed quantity"]);
  });

  it("reorders the shortfall plus a margin of the units sold, in the format that ran over", async () => {
    const { key, first, staff } = await licensedAlbum("Single Over Records");
    await uploadSales(key, first.releaseId, sold(first.trackId, 1100));
    const created = await reorderShortfall(db(), staff.actor, first.albumId, { formatId: 1002, marginPercent: 10 });
    // Both tracks of the album get the new release: 100 missing units + 10 % of 1100 sold.
    expect(created).toHaveLength(2);
    for (const r of created) expect(r).toMatchObject({ kind: "reorder", royalty: { quantity: 210 } });

    // While it is being licensed it covers the shortfall: the page says so and a second click files nothing.
    const [digital] = (await getAlbumSales(db(), staff.actor, first.albumId))!;
    expect(digital!.plan).toMatchObject({ shortfall: 100, pending: 210, uncovered: 0 });
    await expect(
      reorderShortfall(db(), staff.actor, first.albumId, { formatId: 1002, marginPercent: 10 }),
    ).rejects.toMatchObject({
      code: "validation_failed",
      errors: [{ path: "formatId", message: "the 210 units being licensed already cover the 100 units short" }],
    });
    // More sales than the pending reorder covers: the next reorder is for the rest only.
    await uploadSales(key, first.releaseId, sold(first.trackId, 250, "2026-11-12"));
    const rest = await reorderShortfall(db(), staff.actor, first.albumId, { formatId: 1002, marginPercent: 0 });
    expect(rest.map((r) => r.royalty.quantity)).toEqual([140, 140]);
  });

  it("uses the largest shortfall among the album's tracks, and arms the thresholds again once the reorder is licensed", async () => {
    const { key, first, second, staff } = await licensedAlbum("Multi Over Records");
    await uploadSales(
      key,
      first.releaseId,
      salesCsv(
        "date,trackId,store,units,format",
        `2026-11-10,${first.trackId},Shop,1100,1002`,
        `2026-11-11,${second.trackId},Shop,1300,1002`,
      ),
    );
    const created = await reorderShortfall(db(), staff.actor, first.albumId, { formatId: 1002, marginPercent: 0 });
    expect(created.map((r) => r.royalty.quantity)).toEqual([300, 300]);
    await markLicensed(db(), ...created.map((r) => r.id));
    // Licensed now 1300 each: the second track sits at exactly 100 % of its new quantity.
    const after = await uploadSales(key, first.releaseId, sold(second.trackId, 1, "2026-11-12"));
    expect(after.body.alerts).toMatchObject([
      { trackId: second.trackId, level: 100, sold: 1301, licensed: 1300, shortfall: 1 },
    ]);
  });

  it("shows the album's sales to client staff and employees, never to a licensee user", async () => {
    const { key, accountId, first, staff } = await licensedAlbum("Shown Records");
    await uploadSales(key, first.releaseId, sold(first.trackId, 1005));
    const [digital] = (await getAlbumSales(db(), staff.actor, first.albumId))!;
    expect(digital).toMatchObject({
      formatId: 1002,
      level: 100,
      plan: { trackId: first.trackId, shortfall: 5, tracksOver: 1 },
    });
    expect(digital!.chart).toEqual({
      trackId: first.trackId,
      licensed: 1000,
      points: [{ date: "2026-11-10", units: 1005 }],
    });
    const licensee = await licenseeActor(
      db(),
      { accountId, licenseeId: first.licenseeId },
      "lena.shown.again@example.com",
    );
    expect(await getAlbumSales(db(), licensee, first.albumId)).toBeNull();
  });

  it("refuses a reorder while nothing ran over, and another account's album", async () => {
    const { key, first, staff } = await licensedAlbum("Under Records");
    await uploadSales(key, first.releaseId, sold(first.trackId, 900));
    await expect(
      reorderShortfall(db(), staff.actor, first.albumId, { formatId: 1002, marginPercent: 0 }),
    ).rejects.toMatchObject({ code: "validation_failed" });
    const stranger = await clientStaff(db(), "Stranger Records", "admin.stranger@client.example");
    await expect(
      reorderShortfall(db(), stranger.actor, first.albumId, { formatId: 1002, marginPercent: 0 }),
    ).rejects.toMatchObject({ code: "not_found" });
  });
});
