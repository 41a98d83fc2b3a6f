import { DomainError } from "@/lib/errors";
import { createStaffUser, issuePasswordLink } from "@/lib/people/create-staff-user";
import { cliArgs } from "./cli-args";
import { withDb } from "./with-db";

const USAGE = `Usage:
  npm run --silent user -- create --staff --email <email> --name "<name>"   an employee (the first one of a fresh deployment)
  npm run --silent user -- link --email <email>                             a new one-time link for an existing user
Prints a one-time link alone on stdout: open it to choose a password (it works once, for 7 days).
Everyone else is invited from the portal (People, and Accounts for client accounts).`;

const { positionals, values } = cliArgs(
  USAGE,
  { staff: { type: "boolean" }, email: { type: "string" }, name: { type: "string" } },
  ({ positionals: [command, ...rest], values: v }) =>
    rest.length === 0 &&
    ((command === "create" && v.staff === true && typeof v.email === "string" && typeof v.name === "string") ||
      (command === "link" && typeof v.email === "string" && v.staff === undefined && v.name === undefined)),
);

try {
  const { link } = await withDb(({ db }) =>
    positionals[0] === "create"
      ? createStaffUser(db, { email: values.email!, name: values.name! })
      : issuePasswordLink(db, values.email!),
  );
  process.stdout.write(`${link}\n`);
} catch (e) {
  if (!(e instanceof DomainError)) throw e;
  console.error(e.detail);
  process.exit(1);
}
