import { DomainError } from "@/lib/errors";
import { createStaffUser, issuePasswordLink } from "@/lib/people/create-staff-user";
import { parseCliArgs, USAGE_EXIT } from "../cli-args";
import { withDb } from "../with-db";
import type { CliIo } from "./io";

const USAGE = `Usage:
  npm run --silent user -- create --staff --email <email> --name "<name>"   an employee (the first one of a fresh deployment)
  npm run --silent user -- link --email <email>                             a new one-time link for an existing user
Prints a one-time link alone on stdout: open it to choose a password (it works once, for 7 days).
Everyone else is invited from the portal (People, and Accounts for client accounts).`;

/** npm run user (scripts/user.mts): prints the one-time link alone on stdout; a refusal (duplicate email, unknown user) exits 1. */
export async function userCli(argv: string[], io: CliIo): Promise<number> {
  const args = parseCliArgs(
    argv,
    USAGE,
    { staff: { type: "boolean" }, email: { type: "string" }, name: { type: "string" } },
    ({ positionals: [command, ...rest], values: v }) =>
      rest.length === 0 &&
      ((command === "create" && v.staff === true && typeof v.email === "string" && typeof v.name === "string") ||
        (command === "link" && typeof v.email === "string" && v.staff === undefined && v.name === undefined)),
    io.stderr,
  );
  if (!args) return USAGE_EXIT;
  const { positionals, values } = args;
  return withDb(io, async ({ db }) => {
    try {
      const { link } =
        positionals[0] === "create"
          ? await createStaffUser(db, { email: values.email!, name: values.name! })
          : await issuePasswordLink(db, values.email!);
      io.stdout(`${link}\n`);
      return 0;
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
      io.stderr(`${e.detail}\n`);
      return 1;
    }
  });
}
