import { parseArgs } from "node:util";

type Options = Record<string, { type: "string" | "boolean" }>;
type Values<O extends Options> = { [K in keyof O]?: O[K]["type"] extends "boolean" ? boolean : string };
type Args<O extends Options> = { positionals: string[]; values: Values<O> };

/**
 * The exit code of `--help`, an unknown option or arguments that make no command
 * (docs/product-rules.md, "The command line").
 */
export const USAGE_EXIT = 2;

/**
 * A CLI's arguments, or `undefined` once its usage text (after parseArgs' complaint, if any) is on `stderr`: for
 * `--help`, an unknown option or arguments that make no command; the command then exits with USAGE_EXIT.
 * `valid` says whether the parsed arguments make a command.
 */
export function parseCliArgs<O extends Options>(
  argv: string[],
  usage: string,
  options: O,
  valid: (args: Args<O>) => boolean,
  stderr: (text: string) => void,
): Args<O> | undefined {
  let parsed: { positionals: string[]; values: Values<O> & { help?: boolean } };
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: { ...options, help: { type: "boolean" } },
    }) as typeof parsed;
  } catch (e) {
    if ((e as Error).message) stderr(`${(e as Error).message}\n`);
    stderr(`${usage}\n`);
    return undefined;
  }
  if (!parsed.values.help && valid(parsed)) return parsed;
  stderr(`${usage}\n`);
  return undefined;
}

/** parseCliArgs on this process's arguments, exiting with USAGE_EXIT after the usage (the bench scripts' parser). */
export function cliArgs<O extends Options>(usage: string, options: O, valid: (args: Args<O>) => boolean): Args<O> {
  return (
    parseCliArgs(process.argv.slice(2), usage, options, valid, (text) => process.stderr.write(text)) ??
    process.exit(USAGE_EXIT)
  );
}
