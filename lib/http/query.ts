import { z } from "zod";
import { parseInput } from "@/lib/validation";

/** Query parameters as a plain object (the last value wins), for zod. */
const queryObject = (url: URL) => Object.fromEntries(url.searchParams.entries());

const intParam = (min: number, max: number, fallback: number) =>
  z
    .string()
    .regex(/^\d+$/, "must be a whole number")
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`))
    .optional()
    .transform((v) => v ?? fallback);

export const pageParams = {
  offset: intParam(0, 2_000_000_000, 0),
  limit: intParam(1, 1000, 100),
};

export function parseQuery<S extends z.ZodType>(schema: S, url: URL): z.output<S> {
  return parseInput(schema, queryObject(url));
}
