import { z } from "zod";
import { validationFailed, type FieldError } from "@/lib/errors";
import { isOneLine, stringsWithNul } from "@/lib/input-text";

/** Our integer ids are PostgreSQL `integer`s; a larger number cannot be one of them (and would fail the query). */
export const MAX_ID = 2_147_483_647;

// Field rules share their messages wherever a field is written (create, PATCH, portal forms).
/** The type error of a required field: "is required" when it is missing, else `message`. */
export const requiredOr = (message: string) => (issue: { input: unknown }) => (issue.input === undefined ? "is required" : message);

const ONE_LINE = "must be one line, without line breaks or control characters";

/** Trimmed one-line text of at most `max` characters (no line break can forge a line of a mail or a document). */
const text = (max = 500) =>
  z
    .string({ error: requiredOr("must be a string") })
    .trim()
    .max(max, `must be at most ${max} characters`)
    .refine(isOneLine, ONE_LINE);
export const requiredText = (max = 500) => text(max).min(1, "must not be empty");
/** Optional text: null, absent and "" are all stored as null. */
export const optionalText = (max = 500) =>
  z
    .string({ error: "must be a string or null" })
    .trim()
    .max(max, `must be at most ${max} characters`)
    .refine(isOneLine, ONE_LINE)
    .nullish()
    .transform((v) => (v ? v : null));

export function fieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message }));
}

/** Parses with a zod schema; failure is a `validation_failed` domain error with one entry per bad field. */
/** Every input's one way in (API bodies and queries, server actions): NUL characters first, then the schema. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const nul = stringsWithNul(value);
  if (nul.length > 0) throw validationFailed(nul);
  const result = schema.safeParse(value);
  if (!result.success) throw validationFailed(fieldErrors(result.error));
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
    { error: (iss) => (iss.code === "unrecognized_keys" ? `with an id send nothing else (not ${iss.keys.join(", ")})` : undefined) },
  );
  return z
    .custom<z.input<typeof ref> | z.input<N>>((v) => typeof v === "object" && v !== null && !Array.isArray(v), { error })
    .transform((value, ctx): z.output<typeof ref> | z.output<N> => {
      const result = (Object.hasOwn(value as object, "id") ? ref : fresh).safeParse(value);
      if (result.success) return result.data;
      for (const issue of result.error.issues) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
      return z.NEVER;
    });
}
