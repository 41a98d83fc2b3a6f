import { z } from "zod";
import { validationFailed, type FieldError } from "@/lib/errors";
import {
  isMultiLine,
  isOneLine,
  MULTI_LINE,
  ONE_LINE,
  TEXT_LIMITS,
  type TextKind,
  unstorableStrings,
} from "@/lib/input-text";

/** Our integer ids are PostgreSQL `integer`s; a larger number cannot be one of them (and would fail the query). */
export const MAX_ID = 2_147_483_647;

const requestId = z
  .number({ error: "must be a request id" })
  .int("must be a request id")
  .positive("must be a request id")
  .max(MAX_ID, "is not an id we issued");

/** A selection of requests (an invoice's, a bulk move's): at least one, at most `max`, none twice. */
export const requestIdList = (max: number, per: string) =>
  z
    .array(requestId, { error: requiredOr("must be an array of request ids") })
    .min(1, "select at least one request")
    .max(max, `at most ${max} requests ${per}`)
    .refine((ids) => new Set(ids).size === ids.length, "lists a request twice");

// Field rules share their messages wherever a field is written (create, PATCH, portal forms).
/**
 * The type error of a field: "is required" only when it is absent, else `message` (a field sent with the wrong type
 * says what it must be). Other issues keep their own messages (an object's unknown keys, a check's bound).
 */
export const requiredOr = (message: string) => (issue: { code?: string; input: unknown }) =>
  issue.code === "invalid_type" ? (issue.input === undefined ? "is required" : message) : undefined;

/** `a, b or c`: a list as a sentence says it. */
const inWords = (items: readonly string[]) =>
  items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`;

/**
 * The error of a value that is not one of `codes`, in words: "is required" when absent, else the value sent (when it is
 * short text) and every allowed code, never zod's "Invalid option: expected one of \"a\"|\"b\"".
 */
export const oneOfCodes =
  (what: string, codes: readonly string[]) =>
  (issue: { input: unknown }): string => {
    if (issue.input === undefined) return "is required";
    const allowed = inWords(codes);
    return typeof issue.input === "string" && issue.input.length <= 40
      ? `"${issue.input}" is not ${what}; use one of ${allowed}`
      : `must be ${what}: one of ${allowed}`;
  };

/** Closest known key to a misspelt one (case, a typo or two), for "did you mean". */
function closestKey(key: string, known: readonly string[]): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const name of known) {
    const distance = name.toLowerCase() === key.toLowerCase() ? 0 : editDistance(key.toLowerCase(), name.toLowerCase());
    if (distance <= Math.max(2, Math.floor(name.length / 4)) && (!best || distance < best.distance))
      best = { name, distance };
  }
  return best?.name;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

const UNKNOWN_KEY = "unknown field";

/**
 * Every strict object (bodies, queries) names each unknown key with the field meant where one is close. zod raises
 * one issue for all unknown keys of an object; its message holds one line per key, split by `fieldErrors`.
 */
z.config({
  customError: (issue) => {
    if (issue.code !== "unrecognized_keys") return undefined;
    const shape =
      (issue.inst as { _zod?: { def?: { shape?: Record<string, unknown> } } } | undefined)?._zod?.def?.shape ?? {};
    const known = Object.keys(shape);
    return issue.keys
      .map((key) => {
        const meant = closestKey(key, known);
        return meant ? `${UNKNOWN_KEY}; did you mean \`${meant}\`?` : `${UNKNOWN_KEY}; known: ${known.join(", ")}`;
      })
      .join("\n");
  },
});

/**
 * Trimmed text of `kind`'s length: one line (no line break can forge a line of a mail or a document, no direction mark
 * can make a name display as another), or multi-line (line breaks and tabs kept, other controls refused).
 */
const text = (kind: TextKind, lines: "one" | "multi", typeError: z.core.$ZodErrorMap | string) => {
  const max = TEXT_LIMITS[kind];
  return z
    .string({ error: typeError })
    .trim()
    .max(max, `must be at most ${max} characters`)
    .refine(lines === "one" ? isOneLine : isMultiLine, lines === "one" ? ONE_LINE : MULTI_LINE);
};
export const requiredText = (kind: TextKind = "line") =>
  text(kind, "one", requiredOr("must be a string")).min(1, "must not be empty");
/** Optional text: null, absent and "" are all stored as null. */
const optional = (kind: TextKind, lines: "one" | "multi") =>
  text(kind, lines, "must be a string or null")
    .nullish()
    .transform((v) => (v ? v : null));
/** A calendar day as an ISO date ("2026-11-23"). */
export const isoDate = z
  .string({ error: 'must be a date such as "2026-11-23"' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date such as "2026-11-23"')
  .refine(
    (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    "is not a calendar date",
  );

export const optionalText = (kind: TextKind = "line") => optional(kind, "one");
export const optionalMultiLineText = (kind: TextKind) => optional(kind, "multi");

/** What the caller sent that was not known: a body's "field" or a query's "parameter". */
type Noun = "field" | "parameter";

/** A zod issue as one entry per bad field: an object's unknown keys each at its own path. */
function perField(issue: z.core.$ZodIssue): { path: PropertyKey[]; message: string }[] {
  if (issue.code !== "unrecognized_keys") return [{ path: issue.path, message: issue.message }];
  const lines = issue.message.split("\n");
  return issue.keys.map((key, i) => ({ path: [...issue.path, key], message: lines[i] ?? lines[0]! }));
}

/** The one place zod issues become `errors[]`: one entry per bad field. */
export function fieldErrors(error: z.ZodError, noun: Noun = "field"): FieldError[] {
  return error.issues.flatMap(perField).map(({ path, message }) => ({
    // A query parameter is named as sent: an item of a list parameter (`status=new,bogus`) is the parameter's error.
    path: (noun === "parameter" ? path.slice(0, 1) : path).map(String).join("."),
    message: message.replace(UNKNOWN_KEY, `unknown ${noun}`),
  }));
}

/** Every input's one way in (API bodies and queries, server actions): NUL characters first, then the schema. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, noun: Noun = "field"): z.output<S> {
  const nul = unstorableStrings(value);
  if (nul.length > 0) throw validationFailed(nul);
  const result = schema.safeParse(value);
  if (!result.success) throw validationFailed(fieldErrors(result.error, noun));
  return result.data;
}

/**
 * `{ id }` of an existing record, or the fields of a new one, told apart by the presence of `id`. A z.union of the
 * two would answer a missing or mistyped field of the new record with one vague error on the whole object; this names
 * the field (e.g. track.releases.0.releaseQuantity). With an id nothing else may be sent: it would be ignored.
 */
export function idOrNew<I extends z.ZodType, N extends z.ZodType>(idSchema: I, fresh: N, error: string) {
  const ref = z.strictObject(
    { id: idSchema },
    {
      error: (iss) =>
        iss.code === "unrecognized_keys" ? `with an id send nothing else (not ${iss.keys.join(", ")})` : undefined,
    },
  );
  return byKey("id", ref, fresh, error);
}

/**
 * An object parsed by `withKey` when it holds `key`, else by `without`: each field's error at its own path, where
 * a z.union would answer one vague error on the whole object.
 */
export function byKey<W extends z.ZodType, O extends z.ZodType>(key: string, withKey: W, without: O, error: string) {
  return z
    .custom<z.input<W> | z.input<O>>((v) => typeof v === "object" && v !== null && !Array.isArray(v), { error })
    .meta({ anyOf: [withKey, without].map(asJsonSchema) }) // what the OpenAPI document shows (a custom check has no JSON Schema)
    .transform((value, ctx): z.output<W> | z.output<O> => {
      const result = (Object.hasOwn(value as object, key) ? withKey : without).safeParse(value);
      if (result.success) return result.data as z.output<W> | z.output<O>;
      for (const { path, message } of result.error.issues.flatMap(perField))
        ctx.addIssue({ code: "custom", path, message });
      return z.NEVER;
    });
}

function asJsonSchema(schema: z.ZodType) {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
  return json;
}
