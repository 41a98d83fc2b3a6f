// What `npm run bench:pages` (scripts/bench-pages.ts) measures on: the scale fill, the demo seed beside it (catalog
// songs, invoices, licensed requests), an import, a statement run, and a user of each role in the filled account.
import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { seed } from "@/db/seed";
import { actorFromSessionUser, upsertUser } from "@/lib/auth/users";
import { csvTemplate } from "@/lib/imports/csv-columns";
import { uploadImportCsv } from "@/lib/imports/upload-import-csv";
import { lastEndedMonth } from "@/lib/statements/month";
import { runStatements } from "@/lib/statements/run-statements";
import { fillScale } from "./bench-scale-fill";

export const BENCH_PASSWORD = "bench-pages-password";

/** The visitor (signed out) first: the pages it opens are public, measured once, signed out. */
export const ROLES = ["visitor", "client admin", "client member", "licensee", "employee"] as const;
export type BenchRole = (typeof ROLES)[number];

export type PagesData = {
  /** The email each signed-in role signs in with (the visitor has none). */
  emails: Partial<Record<BenchRole, string>>;
  /** The path measured for each dynamic route, e.g. `/albums/[id]` → `/albums/1`. */
  paths: Record<string, string>;
};

/**
 * Fills `requests` requests (scripts/bench-scale-fill.ts), seeds the demo next to them and makes the users. Album 1
 * (of the measured account) carries the big wall, so its pages and its first request's are the heaviest of their kind.
 */
export async function preparePagesData(db: Db, requests: number): Promise<PagesData> {
  const fill = await fillScale(db, requests);
  // Request 1 (album 1's) is the heaviest request page when open: it then shows the licensing estimate, read from
  // the service's history of statuses. The fill settled it; it goes back to licensing.
  await db.execute(sql`update requests set status_code = 'in_progress' where id = 1`);
  await db.execute(
    sql`update request_status_events set to_code = 'in_progress' where request_id = 1 and from_code = 'new'`,
  );
  await seed(db);
  const user = (
    email: string,
    name: string,
    extra: Omit<Parameters<typeof upsertUser>[1], "email" | "name" | "password">,
  ) => upsertUser(db, { email, name, password: BENCH_PASSWORD, ...extra });
  const { rows: album } = await db.execute<{ licenseeId: string }>(
    sql`select licensee_id "licenseeId" from albums where id = 1`,
  );
  const licenseeId = album[0]!.licenseeId;
  const admin = await user("admin@bench.test", "Bench Admin", {
    role: "client",
    clientRole: "admin",
    accountId: fill.accountId,
  });
  await user("member@bench.test", "Bench Member", { role: "client", clientRole: "member", accountId: fill.accountId });
  await user("licensee@bench.test", "Bench Licensee", { role: "licensee", accountId: fill.accountId, licenseeId });
  const staff = await user("staff@bench.test", "Bench Staff", { role: "employee" });

  const upload = await uploadImportCsv(db, actorFromSessionUser(admin), { filename: "bench.csv", text: csvTemplate() });
  const month = lastEndedMonth();
  await runStatements(db, actorFromSessionUser(staff), month);
  const first = async (statement: ReturnType<typeof sql>) =>
    String((await db.execute<{ v: unknown }>(statement)).rows[0]?.v ?? "0");
  const [songId, invoiceId, code] = await Promise.all([
    first(sql`select min(id) v from catalog_songs`),
    first(sql`select min(id) v from invoices`),
    first(sql`select verification_code v from requests where verification_code is not null limit 1`),
  ]);
  return {
    emails: {
      "client admin": "admin@bench.test",
      "client member": "member@bench.test",
      licensee: "licensee@bench.test",
      employee: "staff@bench.test",
    },
    paths: {
      "/albums/[id]": "/albums/1",
      "/albums/[id]/reorder": "/albums/1/reorder",
      "/albums/[id]/wall": "/albums/1/wall",
      "/requests/[id]": "/requests/1",
      "/staff/requests/[id]": "/staff/requests/1",
      "/licensees/[id]": `/licensees/${licenseeId}`,
      "/imports/[id]": `/imports/${upload.id}`,
      "/staff/accounts/[id]": `/staff/accounts/${fill.accountId}`,
      "/staff/accounts/[id]/audit": `/staff/accounts/${fill.accountId}/audit`,
      "/staff/songs/[id]": `/staff/songs/${songId}`,
      "/staff/payments/[id]": `/staff/payments/${invoiceId}`,
      "/staff/statements/[month]": `/staff/statements/${month}`,
      "/verify/[code]": `/verify/${code}`,
    },
  };
}
