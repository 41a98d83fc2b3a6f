import nextVitals from "eslint-config-next/core-web-vitals";
import tseslint from "typescript-eslint";

// The React Compiler's rules (react-hooks/* beyond the two classic ones) analyse every function as a possible
// component: the costliest rules of the lint after the typed ones. React lives in app/ and components/ alone.
const NO_REACT = ["lib/**", "db/**", "scripts/**", "tests/**", "e2e/**"];
const reactCompilerRules = nextVitals
  .flatMap((config) => Object.keys(config.rules ?? {}))
  .filter(
    (rule) =>
      rule.startsWith("react-hooks/") &&
      rule !== "react-hooks/rules-of-hooks" &&
      rule !== "react-hooks/exhaustive-deps",
  );

export default tseslint.config(
  { ignores: [".next/**", "node_modules/**", ".data/**", "test-results/**", "playwright-report/**", "next-env.d.ts"] },
  ...nextVitals,
  {
    files: ["**/*.ts", "**/*.tsx"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      "@typescript-eslint/await-thenable": "error",
      "@typescript-eslint/require-await": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: NO_REACT,
    rules: {
      ...Object.fromEntries(reactCompilerRules.map((rule) => [rule, "off"])),
      "no-restricted-imports": [
        "error",
        { paths: ["react", "react-dom"].map((name) => ({ name, message: "React belongs in app/ and components/." })) },
      ],
    },
  },
  {
    // Portal links do not prefetch: components/ui/link.tsx says why.
    files: ["app/**", "components/**"],
    ignores: ["components/ui/link.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "next/link", message: "Import Link from @/components/ui/link (no prefetch of per-user pages)." },
          ],
        },
      ],
    },
  },
  {
    // A statement built once (db/statement.ts) is a module-level constant: built inside a function, its build could
    // capture that call's values and serve them to every later caller.
    files: ["**/*.ts", "**/*.tsx", "**/*.mts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: ":function CallExpression[callee.name=/^(statement|insertStatement)$/]",
          message:
            "Define statements as module-level constants (db/statement.ts): values come in through placeholders.",
        },
      ],
    },
  },
  {
    // Settings are read, parsed and checked in one place (env.ts); config files and tests may read process.env.
    files: ["app/**", "components/**", "db/**", "lib/**", "scripts/**", "auth.ts", "instrumentation.ts"],
    rules: {
      "no-restricted-properties": [
        "error",
        { object: "process", property: "env", message: "Read settings through env() from @/env (env.ts)." },
      ],
    },
  },
);
