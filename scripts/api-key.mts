import { parseArgs } from "node:util";
import { findOrCreateAccount } from "@/lib/accounts/find-or-create-account";
import { createApiKey } from "@/lib/auth/api-keys";
import { withDb } from "./with-db";

const USAGE = `Usage:
  npm run --silent api-key -- create --client "<account name>"   a key for a client account (created if needed)
  npm run --silent api-key -- create --staff                     a staff (employee) key
The new key is printed alone on stdout; it is shown only this once.`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { client: { type: "string" }, staff: { type: "boolean" }, name: { type: "string" } },
});

if (positionals[0] !== "create" || (values.client === undefined) === !values.staff || values.client?.trim() === "") {
  console.error(USAGE);
  process.exit(2);
}

const key = await withDb(async ({ db }) => {
  const accountId = values.client ? (await findOrCreateAccount(db, values.client)).id : null;
  const name = values.name ?? (values.staff ? "staff (CLI)" : "CLI");
  return (await createApiKey(db, { accountId, name })).key;
});
process.stdout.write(`${key}\n`);
