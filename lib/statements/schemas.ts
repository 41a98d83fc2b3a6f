import { z } from "zod";
import { notFound } from "@/lib/errors";
import { monthSchema } from "./month";

/** POST /api/statements and the staff Statements page's form. */
export const runStatementsSchema = z.strictObject({ month: monthSchema }, { error: "the body must be a JSON object" });

/** A month in a path: anything else cannot exist. */
export function pathMonth(value: string | undefined): string {
  const parsed = monthSchema.safeParse(value);
  if (!parsed.success) throw notFound("Those statements");
  return parsed.data;
}

/** A year in a path (an annual statement's): anything else cannot exist. */
export function pathYear(value: string | undefined): number {
  if (!/^\d{4}$/.test(value ?? "")) throw notFound("Those statements");
  return Number(value);
}
