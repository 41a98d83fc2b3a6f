import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/db/client";
import { accounts } from "@/db/schema";
import { checkImports } from "@/lib/imports/check-imports";
import { confirmImport } from "@/lib/imports/confirm-import";
import { getImport } from "@/lib/imports/get-import";
import { uploadImportCsv } from "@/lib/imports/upload-import-csv";
import type { Actor } from "@/lib/auth/actor";
import { clientKey } from "../helpers/api";
import { fileRequest } from "../helpers/fixtures";
import { clientStaff } from "../helpers/people";
import { databaseSnapshot } from "../helpers/row-counts";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();
let staff: Actor;
let accountId: number;

beforeAll(async () => {
  const person = await clientStaff(db(), "Check Records", "check@example.com", "member");
  staff = person.actor;
  accountId = (person.actor as Extract<Actor, { kind: "client" }>).accountId;
});

const HEADER =
  "albumKey,albumTitle,albumArtist,licenseeCompanyName,licenseeEmail,licenseeId,releaseFormat,releaseQuantity,songTitle,songWriters";
const good = (song: string) => `k,Checked Covers,The Band,Label LLC,rights@example.com,,1002,500,${song},A. Writer`;
/** Passes the schema, refused by the dry run: the licensee id is nobody's. */
const unknownLicensee = (song: string) =>
  `,Other,The Band,,,00000000-0000-4000-8000-000000000000,1002,500,${song},A. Writer`;
const upload = async (...rows: string[]) =>
  (await uploadImportCsv(db(), staff, { filename: "check.csv", text: [HEADER, ...rows].join("\n") + "\n" })).id;
const read = (id: number) => getImport(db(), staff, id, { from: 1, limit: 1000 });
/** The database as seen by a process that dies before each transaction commits: the transaction's work is lost. */
const crashing = (real: Db): Db =>
  new Proxy(real, {
    get: (target, prop) =>
      prop === "transaction"
        ? (work: Parameters<Db["transaction"]>[0]) =>
            target.transaction(async (tx) => {
              await work(tx);
              throw new Error("the process died before the commit");
            })
        : Reflect.get(target, prop),
  });

describe("the check job", () => {
  it("uses up no request numbers: the next request filed follows the one before the dry run", async () => {
    const { key } = await clientKey(db(), "Numbered Records");
    const before = await fileRequest(key);
    await upload(good("N1"), good("N2"), good("N3"), unknownLicensee("N4"), good("N5"));
    expect(await checkImports(db())).toBe(5);
    const after = await fileRequest(key);
    expect(after.id).toBe(before.id + 1);
  });

  it("checks in chunks with progress, resumes after a lost chunk without counting a row twice, and only then previews", async () => {
    const id = await upload(
      good("C1"),
      unknownLicensee("C2"),
      good("C3"),
      good("C4"),
      unknownLicensee("C5"),
      good("C6"),
      good("C7"),
    );
    expect(await checkImports(db(), { chunkSize: 3, maxChunks: 1 })).toBe(3);
    const partial = await read(id);
    expect(partial).toMatchObject({
      status: "checking",
      counts: { rows: 7, unchecked: 4, pending: 2, invalid: 1 },
      progress: { done: 3, of: 7, percent: 42 },
    });
    expect((await confirmImport(db(), staff, id)).status).toBe("checking");

    const before = await databaseSnapshot(db());
    await expect(checkImports(crashing(db()), { chunkSize: 3 })).rejects.toThrow("the process died before the commit");
    expect(await databaseSnapshot(db())).toEqual(before);

    expect(await checkImports(db(), { chunkSize: 3 })).toBe(4);
    const done = await read(id);
    expect(done).toMatchObject({ status: "previewed", counts: { rows: 7, unchecked: 0, pending: 5, invalid: 2 } });
    expect(done.rows.map((r) => r.status)).toEqual([
      "pending",
      "invalid",
      "pending",
      "pending",
      "invalid",
      "pending",
      "pending",
    ]);
    expect(done.rows[4]!.error).toMatchObject({ code: "not_found", errors: [{ column: "licenseeId" }] });
    expect(await checkImports(db())).toBe(0);
  });

  it("is taken by one checker at a time: two at once check two imports, not one twice", async () => {
    const first = await upload(good("A1"), good("A2"));
    const second = await upload(good("B1"), good("B2"));
    const checked = await Promise.all([checkImports(db(), { maxChunks: 1 }), checkImports(db(), { maxChunks: 1 })]);
    expect(checked).toEqual([2, 2]);
    for (const id of [first, second])
      expect(await read(id)).toMatchObject({ status: "previewed", counts: { pending: 2, unchecked: 0 } });
  });

  it("leaves a suspended account's imports unchecked until it is active again", async () => {
    const id = await upload(good("S1"));
    await db().update(accounts).set({ suspendedAt: new Date() }).where(eq(accounts.id, accountId));
    try {
      expect(await checkImports(db())).toBe(0);
    } finally {
      await db().update(accounts).set({ suspendedAt: null }).where(eq(accounts.id, accountId));
    }
    expect(await checkImports(db())).toBe(1);
    expect((await read(id)).status).toBe("previewed");
  });
});
