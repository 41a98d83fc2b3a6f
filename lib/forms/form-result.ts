import type { DomainError, ErrorCode } from "@/lib/errors";
import { describeFieldErrors } from "./field-labels";

/**
 * What every portal server action answers: its data, or the domain error as a form shows it: a message, and
 * per-field messages keyed by the form's own field names (the paths of the schema the action parses with).
 */
export type FormResult<T = null> =
  { ok: true; data: T } | { ok: false; code: ErrorCode; message: string; fieldErrors: Record<string, string> };

export function formFailure(err: DomainError): FormResult<never> {
  const fieldErrors: Record<string, string> = {};
  for (const e of err.errors ?? []) fieldErrors[e.path] ??= e.message;
  // A validation failure's detail names API paths; a form says the page's own words for each field.
  const message = err.code === "validation_failed" && err.errors?.length ? describeFieldErrors(err.errors) : err.detail;
  return { ok: false, code: err.code, message, fieldErrors };
}
