import { environmentWith } from "@/env";

/**
 * Where a CLI command prints and what environment it runs in. The scripts/*.mts entry files pass the process's
 * (processIo); tests call the commands in process with their own (runInProcess), so the database a command opens
 * is the one its `env` names. Settings the domain code reads itself (PUBLIC_BASE_URL, SMTP_FROM)
 * still come from the process's environment, through env().
 */
export type CliIo = {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Variables as in process.env: DATABASE_URL, PGLITE_DIR and the other settings the command reads. */
  env: Readonly<Record<string, string | undefined>>;
};

/** A CLI command: its arguments (without node and the script) in, its exit code out (0, 1 refused, 2 usage). */
export type Cli = (argv: string[], io: CliIo) => Promise<number>;

/** This process's stdout, stderr and environment. */
export function processIo(): CliIo {
  return {
    stdout: (text) => void process.stdout.write(text),
    stderr: (text) => void process.stderr.write(text),
    env: environmentWith({}),
  };
}

/** What a command run in process printed, and its exit code. */
type CliRun = { code: number; stdout: string; stderr: string };

/** Runs `cli` in this process with `env` as its environment (the database it names, not the process's), keeping what it prints. */
export async function runInProcess(cli: Cli, argv: string[], env: CliIo["env"]): Promise<CliRun> {
  const printed = { stdout: "", stderr: "" };
  const code = await cli(argv, {
    stdout: (text) => void (printed.stdout += text),
    stderr: (text) => void (printed.stderr += text),
    env,
  });
  return { code, ...printed };
}
