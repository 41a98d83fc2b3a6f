import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import * as ownerBalancesRoute from "@/app/api/owner-balances/route";
import * as payoutDetailsRoute from "@/app/api/owners/[id]/payout-details/route";
import { call, clientKey, staffKey } from "../helpers/api";
import { expectProblem } from "../helpers/problem";
import { addSong, requestIn, songBody } from "../helpers/staff";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();
let keys: { client: string; staff: string };
let ownerId: number;

beforeAll(async () => {
  keys = { client: (await clientKey(db(), "Payee Records")).key, staff: await staffKey(db()) };
  const song = await addSong(keys.staff, songBody({ owners: [{ name: "Solo Publishing", share: 100 }] }));
  ownerId = song.owners[0]!.id;
  await requestIn(keys, "licensed", song);
});

const put = (body: unknown, key = keys.staff, id = ownerId) =>
  call(payoutDetailsRoute.PUT, "PUT", `/api/owners/${id}/payout-details`, { key, params: { id: String(id) }, body });
const get = (key = keys.staff, id = ownerId) =>
  call(payoutDetailsRoute.GET, "GET", `/api/owners/${id}/payout-details`, { key, params: { id: String(id) } });

describe("owner payout details", () => {
  it("staff enter an IBAN, then replace it with a US account; every answer shows the last 4 only", async () => {
    expectProblem(await get(), 404, "not_found");
    const iban = await put({ kind: "iban", accountHolder: "Solo Publishing Ltd", iban: "gb82 west 1234 5698 7654 32" });
    expect(iban.status).toBe(200);
    expect(iban.body).toMatchObject({
      ownerId,
      accountHolder: "Solo Publishing Ltd",
      kind: "iban",
      account: "••••5432",
    });
    expect(JSON.stringify(iban.body)).not.toContain("GB82WEST");
    const us = await put({
      kind: "us_account",
      accountHolder: "Solo Publishing LLC",
      routingNumber: "021000021",
      accountNumber: "000123456789",
    });
    expect(us.body).toMatchObject({ kind: "us_account", account: "••••6789" });
    const read = await get();
    expect(read.body).toEqual(us.body);
    expect(JSON.stringify(read.body)).not.toMatch(/021000021|000123456789/);
    const balances = await call(ownerBalancesRoute.GET, "GET", "/api/owner-balances", { key: keys.staff });
    expect(balances.body.find((b: { ownerId: number }) => b.ownerId === ownerId).payoutDetails).toMatchObject({
      account: "••••6789",
    });
    // The audit trail names the change and the last 4, never the numbers.
    const audit = await db().execute<{ detail: unknown }>(
      sql`select detail from audit_events where action = 'owner.payout_details_set'`,
    );
    expect(JSON.stringify(audit.rows)).not.toMatch(/021000021|000123456789|GB82WEST/);
  });

  it.each([
    [{ kind: "iban", accountHolder: "X", iban: "GB82 WEST 1234 5698 7654 33" }, "iban"],
    [{ kind: "iban", accountHolder: "X", iban: "12345" }, "iban"],
    [{ kind: "us_account", accountHolder: "X", routingNumber: "021000022", accountNumber: "1234" }, "routingNumber"],
    [{ kind: "us_account", accountHolder: "X", routingNumber: "021000021", accountNumber: "12ab" }, "accountNumber"],
    [{ kind: "us_account", accountHolder: " ", routingNumber: "021000021", accountNumber: "1234" }, "accountHolder"],
    [{ kind: "iban", accountHolder: "X", iban: "GB82WEST12345698765432", routingNumber: "021000021" }, "routingNumber"],
    [{ kind: "swift", accountHolder: "X" }, "kind"],
  ])("refuses %j with 400 naming %s, without echoing the number", async (body, path) => {
    const res = await put(body);
    expectProblem(res, 400, "validation_failed");
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
    expect(JSON.stringify(res.body)).not.toMatch(/021000022|5698/);
  });

  it("is the staff's (a client key gets 403); an unknown owner is 404", async () => {
    expectProblem(await get(keys.client), 403, "forbidden");
    expectProblem(
      await put({ kind: "iban", accountHolder: "X", iban: "GB82 WEST 1234 5698 7654 32" }, keys.client),
      403,
      "forbidden",
    );
    expectProblem(
      await put({ kind: "iban", accountHolder: "X", iban: "GB82 WEST 1234 5698 7654 32" }, keys.staff, 999999),
      404,
      "not_found",
    );
  });
});
