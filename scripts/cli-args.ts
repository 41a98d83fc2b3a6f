import { parseArgs } from "node:util";

type Options = Record<string, { type: "string" | "boolean" }>;
type Values<O extends Options> = { [K in keyof O]?: O[K]["type"] extends "boolean" ? boolean : string };
type Args<O extends Options> = { positionals: string[]; values: Values<O> };

/**
 * A CLI's arguments, or its usage text on stderr and exit code 2 for `--help`, an unknown option or arguments that
 * make no command (product.md §2). `valid` says whether the parsed arguments make a command.
 */
export function cliArgs<O extends Options>(usage: string, options: O, valid: (args: Args<O>) => boolean): Args<O> {
  let parsed: { positionals: string[]; values: Values<O> & { help?: boolean } };
  try {
    parsed = parseArgs({ allowPositionals: true, strict: true, options: { ...options, help: { type: "boolean" } } }) as typeof parsed;
  } catch (e) {
    return usageExit(usage, (e as Error).message);
  }
  if (parsed.values.help || !valid(parsed)) return usageExit(usage);
  return parsed;
}

function usageExit(usage: string, problem?: string): never {
  if (problem) console.error(problem);
  console.error(usage);
  process.exit(2);
}
