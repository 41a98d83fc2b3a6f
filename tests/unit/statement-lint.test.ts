import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// db/statement.ts: a statement is a module-level constant, so its build cannot capture a request's values. The rule
// lives in eslint.config.mjs (`npm run lint`); this runs it, with the project's configuration, on two probes.
const root = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({
  cwd: root,
  // Only the rule under test: the typed rules would need the probe in the TypeScript project.
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === "no-restricted-syntax",
});

const probe = (body: string) =>
  [
    'import { eq } from "drizzle-orm";',
    'import { insertStatement, statement } from "@/db/statement";',
    'import { accounts, auditEvents } from "@/db/schema";',
    body,
  ].join("\n");

async function refusals(text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: path.join(root, "lib/probe/statement-probe.ts") });
  return result!.messages.map((m) => `${m.line}: ${m.message}`);
}

describe("statements are module-level constants", () => {
  it("accepts statements defined at module level", async () => {
    const text = probe(
      [
        'const byName = statement(["name"], (db, p) => db.select().from(accounts).where(eq(accounts.name, p("name"))));',
        'const insertAudit = insertStatement(auditEvents, ["action"]);',
        "export const use = { byName, insertAudit };",
      ].join("\n"),
    );
    expect(await refusals(text)).toEqual([]);
  });

  it("refuses one built inside a function, where it could capture the call's values", async () => {
    const text = probe(
      [
        "export function find(db: never, name: string) {",
        "  return statement([], (conn) => conn.select().from(accounts).where(eq(accounts.name, name))).run(db);",
        "}",
        'export const later = () => insertStatement(auditEvents, ["action"]);',
      ].join("\n"),
    );
    expect(await refusals(text)).toEqual([
      expect.stringMatching(/^5: Define statements as module-level constants/),
      expect.stringMatching(/^7: Define statements as module-level constants/),
    ]);
  });
});
