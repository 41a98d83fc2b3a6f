import { z } from "zod";
import { validationFailed } from "@/lib/errors";
import { parseInput } from "@/lib/validation";

/** Parameters that take a list: a repeated one (`?status=a&status=b`) counts like the comma form (`?status=a,b`). */
const listParams = new WeakSet<z.ZodType>();

/** A comma-separated list parameter (each item trimmed), also accepted repeated. */
export function listParam<T extends z.ZodType<unknown, string>>(item: T) {
  const schema = z
    .string()
    .optional()
    .transform((v) => (v ? v.split(",").map((s) => s.trim()) : undefined))
    .pipe(z.array(item).optional());
  listParams.add(schema);
  return schema;
}

/** A whole-number parameter within bounds, absent: undefined (`optionalInt`) or the fallback (`intParam`). */
export const optionalInt = (min: number, max: number) =>
  z
    .string()
    .regex(/^-?\d+$/, "must be a whole number")
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`))
    .optional()
    // A query string is text, parsed here into a number; the OpenAPI document (and so the typed client) shows the number.
    .meta({
      override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
        delete jsonSchema.pattern;
        Object.assign(jsonSchema, { type: "integer", minimum: min, maximum: max });
      },
    });

const intParam = (min: number, max: number, fallback: number) =>
  optionalInt(min, max)
    .transform((v) => v ?? fallback)
    .meta({
      override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => void (jsonSchema.default = fallback),
    });

export const pageParams = {
  offset: intParam(0, 2_000_000_000, 0),
  limit: intParam(1, 1000, 100),
};

/**
 * Parses a query string with a strict object schema: an unknown parameter is refused by name (with the one meant),
 * a list parameter may repeat, any other parameter given twice is refused (the last one silently winning would
 * drop what the caller sent).
 */
export function parseQuery<S extends z.ZodObject>(schema: S, url: URL): z.output<S> {
  const query: Record<string, string> = {};
  const repeated: string[] = [];
  for (const name of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(name);
    const field = schema.shape[name] as z.ZodType | undefined;
    if (values.length > 1 && !(field && listParams.has(field))) repeated.push(name);
    query[name] = values.join(",");
  }
  if (repeated.length > 0)
    throw validationFailed(repeated.map((path) => ({ path, message: "is given more than once; send it once" })));
  return parseInput(schema, query, "parameter");
}
