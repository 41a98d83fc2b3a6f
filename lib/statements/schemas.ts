import { z } from "zod";
import { InvalidPathParam, notFound } from "@/lib/errors";
import { monthSchema } from "./month";

/** POST /api/statements and the staff Statements page's form. */
export const runStatementsSchema = z.strictObject({ month: monthSchema }, { error: "the body must be a JSON object" });

/** A month in a page's path: anything else cannot exist. */
export function pathMonth(value: string | undefined): string {
  const parsed = monthSchema.safeParse(value);
  if (!parsed.success) throw notFound("Those statements");
  return parsed.data;
}

/** A month in an API path: anything else is 400 validation_failed naming `month`. */
export function monthParam(value: string | undefined): string {
  const parsed = monthSchema.safeParse(value);
  if (!parsed.success) throw new InvalidPathParam("month", 'must be a month such as "2026-11"');
  return parsed.data;
}

/** A year in an API path (an annual statement's): anything else is 400 validation_failed naming `year`. */
export function yearParam(value: string | undefined): number {
  if (!/^\d{4}$/.test(value ?? "")) throw new InvalidPathParam("year", 'must be a year such as "2026"');
  return Number(value);
}
