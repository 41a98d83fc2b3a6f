import { execFile, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { walkthrough } from "../examples/walkthrough";
import { parseCommands, shBlocks, type Command, type Part, type Pipeline } from "./shell-examples";

// docs/api-guide.md (its worked session and every other example), run as written against the real built server:
// every curl is sent over HTTP, its answer checked against the status (and error code) the text shows after it, and every
// `VAR=$(curl … | jq -r '.field')` keeps the value for the commands that follow. The server is our own, on a fresh
// demo database as `npm run demo` makes it (so the requests the examples file leave the other tests' data alone).
const DEMO_URL = "http://localhost:3000";
const run = promisify(execFile);

// One server for the file's tests: they run one after another in one worker, never spread across workers.
test.describe.configure({ mode: "default" });

type DocsServer = { url: string; keys: { client: string; staff: string }; child: ChildProcess; dir: string };
let server: DocsServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const dir = mkdtempSync(path.join(tmpdir(), "coverdesk-docs-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PGLITE_DIR: path.join(dir, "pglite"),
    AUTH_SECRET: "docs-secret-not-for-production-0123456789",
    RATE_LIMIT_PER_MINUTE: "0",
    OUTBOX_WORKER: "off",
    // The guide registers a webhook at hooks.example.com, a name that resolves nowhere (here or anywhere): the
    // development setting lets its registration through, as on a developer's machine.
    WEBHOOKS_ALLOW_PRIVATE: "1",
  };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  // As the guide says: the keys are made while the server is stopped (it holds the embedded database).
  await run("npx", ["tsx", "scripts/db-seed.mts"], { env });
  const key = async (...args: string[]) =>
    (await run("npx", ["tsx", "scripts/api-key.mts", "create", ...args], { env })).stdout.trim();
  const keys = { client: await key("--client", "Demo Records"), staff: await key("--staff") };
  const child = spawn("npx", ["next", "start", "-p", "0"], { env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${out}`)), 60_000);
    const read = (chunk: Buffer) => {
      out += chunk.toString();
      const found = /http:\/\/localhost:(\d+)/.exec(out);
      if (found) {
        clearTimeout(timer);
        resolve(`http://localhost:${found[1]}`);
      }
    };
    child.stdout!.on("data", read);
    child.stderr!.on("data", read);
    child.on("exit", (code) => reject(new Error(`the server exited with ${code}:\n${out}`)));
  });
  server = { url, keys, child, dir };
});

test.afterAll(() => {
  if (server?.child.pid) process.kill(-server.child.pid);
  if (server) rmSync(server.dir, { recursive: true, force: true });
});

const GUIDE = "docs/api-guide.md";
const WORKED_SESSION = "## A worked session";

test(`the examples of ${GUIDE} run as written, in order`, async ({ request }) => {
  // The worked session and every section after it share one shell, as a reader's terminal would.
  test.setTimeout(240_000);
  const guide = readFileSync(GUIDE, "utf8");
  expect(guide, "the guide has its worked session").toContain(`\n${WORKED_SESSION}`);
  const blocks = shBlocks(guide);
  expect(blocks.length).toBeGreaterThan(0);
  await expect
    .poll(async () => (await request.get(`${server.url}/api/health`)).status(), { timeout: 30_000 })
    .toBe(200);
  const shell = new Shell(request, server.url, server.keys);
  let curls = 0;
  for (const block of blocks) {
    for (const command of parseCommands(block)) curls += await shell.run(command);
  }
  expect(curls).toBeGreaterThan(3);
});

test(`the worked session of ${GUIDE} through the typed client (examples/walkthrough.ts) runs to a licensed request`, async ({
  request,
}) => {
  expect(readFileSync(GUIDE, "utf8"), "the session examples/walkthrough.ts follows").toContain(`\n${WORKED_SESSION}`);
  await expect
    .poll(async () => (await request.get(`${server.url}/api/health`)).status(), { timeout: 30_000 })
    .toBe(200);
  const { filed, reorders, licensed, events } = await walkthrough(server.url, server.keys);
  expect(filed.status.code).toBe("new");
  expect(reorders.length).toBeGreaterThan(0);
  expect(licensed.status.code).toBe("licensed");
  expect(events.map((e) => e.to)).toEqual(
    expect.arrayContaining(["new", "ready", "need_payment", "in_progress", "licensed"]),
  );
});

type Answer = { status: number; body: unknown; text: string; headers: Record<string, string> };

class Shell {
  private readonly vars = new Map<string, string>();
  constructor(
    private readonly request: APIRequestContext,
    private readonly baseURL: string,
    private readonly keys: { client: string; staff: string },
  ) {}

  /** Runs one command; returns how many HTTP calls it made. */
  async run(command: Command): Promise<number> {
    const words = command.pipeline[0]!;
    const first = words[0]!;
    const assignment = first.length > 0 && "lit" in first[0]! ? /^(\w+)=/.exec(first[0].lit) : null;
    if (assignment && words.length === 1 && command.pipeline.length === 1) {
      const rest: Part[] = [{ lit: (first[0] as { lit: string }).lit.slice(assignment[0].length) }, ...first.slice(1)];
      const value = await this.expand(rest);
      this.vars.set(assignment[1]!, value.replaceAll(DEMO_URL, this.baseURL));
      return rest.some((p) => "sub" in p) ? 1 : 0;
    }
    const answer = await this.pipeline(command.pipeline);
    const expected = command.expect ?? { status: 0, code: undefined };
    const shown = `${command.text.trim().slice(0, 200)}\n→ ${answer.status} ${answer.text.slice(0, 500)}`;
    if (expected.status) expect(answer.status, shown).toBe(expected.status);
    else expect(answer.status, shown).toBeLessThan(300);
    if (expected.code) expect((answer.body as { code?: string })?.code, shown).toBe(expected.code);
    // Every error the text shows with its path and message is in the answer, word for word.
    if (command.expect?.errors.length) {
      expect((answer.body as { errors?: unknown[] }).errors, shown).toEqual(
        expect.arrayContaining(command.expect.errors),
      );
    }
    return 1;
  }

  private async expand(word: Part[]): Promise<string> {
    let out = "";
    for (const part of word) {
      if ("lit" in part) out += part.lit;
      else if ("variable" in part) {
        const value = this.vars.get(part.variable);
        if (value === undefined) throw new Error(`$${part.variable} is used before it is set`);
        out += value;
      } else out += await this.substitute(part.sub);
    }
    return out;
  }

  /** `$( … )`: a key made with the CLI (made before the server started, as the text says), or a curl piped to jq. */
  private async substitute(pipeline: Pipeline): Promise<string> {
    const args = await Promise.all(pipeline[0]!.map((w) => this.expand(w)));
    if (args[0] === "npm") {
      const cli = args.join(" ");
      if (cli.endsWith("api-key -- create --client Demo Records")) return this.keys.client;
      if (cli.endsWith("api-key -- create --staff")) return this.keys.staff;
      throw new Error(`unsupported command in the docs: ${cli}`);
    }
    const answer = await this.pipeline(pipeline);
    expect(answer.status, `${args.join(" ")} → ${answer.text.slice(0, 300)}`).toBeLessThan(300);
    return String(typeof answer.body === "string" ? answer.body : answer.text).trim();
  }

  /** `curl …` or `echo "$SAVED"`, optionally `| jq [-r] FILTER` (a path: .trackId, .[0].id, .requests[2].trackId). */
  private async pipeline(pipeline: Pipeline): Promise<Answer> {
    const args = await Promise.all(pipeline[0]!.map((w) => this.expand(w)));
    let answer: Answer;
    if (args[0] === "echo") {
      const text = args.slice(1).join(" ");
      answer = { status: 200, body: JSON.parse(text) as unknown, text, headers: {} };
    } else if (args[0] === "curl") answer = await this.curl(args.slice(1));
    else throw new Error(`unsupported command in the docs: ${args.join(" ")}`);
    for (const stage of pipeline.slice(1)) {
      const [tool, ...rest] = await Promise.all(stage.map((w) => this.expand(w)));
      if (tool !== "jq") throw new Error(`unsupported pipe into ${tool}`);
      const filter = rest.filter((a) => a !== "-r")[0] ?? ".";
      const value = jqPath(answer.body, filter);
      answer = { ...answer, body: value, text: typeof value === "string" ? value : JSON.stringify(value) };
    }
    return answer;
  }

  private async curl(args: string[]): Promise<Answer> {
    let method: string | undefined;
    let url: string | undefined;
    let data: string | undefined;
    let writeOut: string | undefined;
    const headers: Record<string, string> = {};
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!;
      if (a === "-s" || a === "-sS" || a === "-i")
        continue; // -i: the reader sees the headers; they are checked here
      else if (a === "-w") writeOut = args[++i];
      else if (a === "-X") method = args[++i];
      else if (a === "-H") {
        const [k, ...v] = args[++i]!.split(":");
        headers[k!.trim()] = v.join(":").trim();
      } else if (a === "-d" || a === "--data") data = args[++i];
      else if (a === "-o")
        i++; // the file a reader would save; the body is checked here instead
      else if (a.startsWith("-")) throw new Error(`unsupported curl option ${a}`);
      else url = a.replaceAll(DEMO_URL, this.baseURL);
    }
    if (!url) throw new Error(`curl without a URL: ${args.join(" ")}`);
    const res = await this.request.fetch(url, {
      method: method ?? (data === undefined ? "GET" : "POST"),
      headers,
      ...(data === undefined ? {} : { data: Buffer.from(data) }),
      maxRedirects: 0,
    });
    if (writeOut !== undefined) {
      const out = writeOut.replace(
        /%header\{([\w-]+)\}/g,
        (_, name: string) => res.headers()[name.toLowerCase()] ?? "",
      );
      return { status: res.status(), body: out, text: out, headers: res.headers() };
    }
    const type = res.headers()["content-type"] ?? "";
    const text = /json/.test(type) ? await res.text() : `(${type})`;
    return {
      status: res.status(),
      body: text && /json/.test(type) ? (JSON.parse(text) as unknown) : undefined,
      text,
      headers: res.headers(),
    };
  }
}

function jqPath(value: unknown, filter: string): unknown {
  const steps = [...filter.matchAll(/\.(\w+)|\[(\d+)\]/g)];
  expect(steps.map((m) => m[0]).join(""), `jq filter ${filter}`).toBe(filter.replace(/^\.(?=\[)/, ""));
  let out = value;
  for (const m of steps) out = (out as Record<string, unknown>)?.[m[1] ?? Number(m[2])];
  expect(out, `jq ${filter}`).not.toBeUndefined();
  return out;
}
