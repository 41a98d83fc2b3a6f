import { findOrCreateAccount } from "@/lib/accounts/find-or-create-account";
import { createApiKey } from "@/lib/auth/api-keys";
import { parseCliArgs, USAGE_EXIT } from "../cli-args";
import { withDb } from "../with-db";
import type { CliIo } from "./io";

const USAGE = `Usage:
  npm run --silent api-key -- create --client "<account name>"   a key for a client account (created if needed); an admin key
  npm run --silent api-key -- create --staff                     a staff (employee) key
  Options: --name "<key name>"
The new key is printed alone on stdout; it is shown only this once.`;

/** npm run api-key (scripts/api-key.mts): prints the new key alone on stdout. */
export async function apiKeyCli(argv: string[], io: CliIo): Promise<number> {
  const args = parseCliArgs(
    argv,
    USAGE,
    { client: { type: "string" }, staff: { type: "boolean" }, name: { type: "string" } },
    ({ positionals, values: v }) =>
      positionals.length === 1 &&
      positionals[0] === "create" &&
      (v.client === undefined) !== !v.staff &&
      v.client?.trim() !== "",
    io.stderr,
  );
  if (!args) return USAGE_EXIT;
  const { values } = args;
  return withDb(io, async ({ db }) => {
    const accountId = values.client ? (await findOrCreateAccount(db, values.client)).id : null;
    const name = values.name ?? (values.staff ? "staff (CLI)" : "CLI");
    const { key } = await createApiKey(db, { accountId, name, role: "admin" });
    io.stdout(`${key}\n`);
    return 0;
  });
}
