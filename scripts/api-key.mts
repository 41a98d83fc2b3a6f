import { findOrCreateAccount } from "@/lib/accounts/find-or-create-account";
import { createApiKey } from "@/lib/auth/api-keys";
import { cliArgs } from "./cli-args";
import { withDb } from "./with-db";

const USAGE = `Usage:
  npm run --silent api-key -- create --client "<account name>"   a key for a client account (created if needed); an admin key
  npm run --silent api-key -- create --staff                     a staff (employee) key
  Options: --name "<key name>"
The new key is printed alone on stdout; it is shown only this once.`;

const { values } = cliArgs(
  USAGE,
  { client: { type: "string" }, staff: { type: "boolean" }, name: { type: "string" } },
  ({ positionals, values: v }) =>
    positionals.length === 1 && positionals[0] === "create" && (v.client === undefined) !== !v.staff && v.client?.trim() !== "",
);

const key = await withDb(async ({ db }) => {
  const accountId = values.client ? (await findOrCreateAccount(db, values.client)).id : null;
  const name = values.name ?? (values.staff ? "staff (CLI)" : "CLI");
  return (await createApiKey(db, { accountId, name, role: "admin" })).key;
});
process.stdout.write(`${key}\n`);
