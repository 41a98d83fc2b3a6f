import { z } from "zod";
import { DomainError, type FieldError } from "@/lib/errors";

const operation = z.object({ op: z.string(), path: z.string(), value: z.unknown().optional() });

const NOT_AN_OPERATION = "must be an object with op, path and value";
const invalid = (detail: string, errors: FieldError[]) => new DomainError("invalid_patch", detail, errors);

/**
 * Parses a JSON Patch body (docs/product-rules.md, "JSON Patch"): an array of { op, path, value }; op replace (add as a synonym);
 * a path with or without a leading slash; unknown or read-only paths, other ops and mistyped values → invalid_patch,
 * each at the dotted path of the operation's member (`0.value`, as errors[].path is written everywhere).
 * Returns the changes by field name, in order (a repeated path: the last wins).
 */
export function parsePatch<F extends string>(body: unknown, fields: Record<F, z.ZodType>): Map<F, unknown> {
  if (!Array.isArray(body)) {
    throw invalid('The body must be a JSON array of operations: [{ "op": "replace", "path": "…", "value": … }].', [
      { path: "", message: "must be an array of patch operations" },
    ]);
  }
  const changes = new Map<F, unknown>();
  const errors: FieldError[] = [];
  body.forEach((raw, i) => {
    const parsed = operation.safeParse(raw);
    if (!parsed.success) {
      errors.push({ path: `${i}`, message: NOT_AN_OPERATION });
      return;
    }
    const { op, path, value } = parsed.data;
    // The op first: a JSON Patch "remove" has no value, and should hear that remove is what is not supported.
    if (op !== "replace" && op !== "add") {
      errors.push({ path: `${i}.op`, message: `unsupported op "${op}"; use replace` });
      return;
    }
    if (!("value" in (raw as object))) {
      errors.push({ path: `${i}`, message: NOT_AN_OPERATION });
      return;
    }
    const field = path.replace(/^\//, "");
    if (!Object.hasOwn(fields, field)) {
      const known = Object.keys(fields).join(", ");
      errors.push({ path: `${i}.path`, message: `"${path}" cannot be patched; patchable paths: ${known}` });
      return;
    }
    const result = fields[field as F].safeParse(value);
    if (!result.success) {
      errors.push({ path: `${i}.value`, message: `${field}: ${result.error.issues[0]?.message ?? "invalid value"}` });
      return;
    }
    changes.set(field as F, result.data);
  });
  if (errors.length > 0) throw invalid(errors.map((e) => `${e.path}: ${e.message}`).join("; "), errors);
  return changes;
}

/** The typed changes a JSON Patch body makes to a resource whose fields (by path) are `fields`. */
export function parseChanges<F extends Record<string, z.ZodType>>(
  body: unknown,
  fields: F,
): { [K in keyof F]?: z.output<F[K]> } {
  return Object.fromEntries(parsePatch(body, fields)) as { [K in keyof F]?: z.output<F[K]> };
}

/** The fields a change sets (a key sent as undefined sets nothing). */
export const changedFields = <C extends object>(changes: C) =>
  (Object.keys(changes) as (keyof C & string)[]).filter((k) => changes[k] !== undefined);

/** A change that breaks a rule of the whole record rather than of one value: invalid_patch naming the fields. */
export function invalidChange(errors: { field: string; message: string }[]): DomainError {
  return invalid(
    errors.map((e) => `${e.field}: ${e.message}`).join("; "),
    errors.map((e) => ({ path: e.field, message: e.message })),
  );
}
