import { DomainError, type ErrorCode, type FieldError } from "@/lib/errors";

/** What a portal server action answers: its data, or the domain error as the form shows it. */
export type ActionResult<T = null> =
  | { ok: true; data: T }
  | { ok: false; code: ErrorCode; message: string; errors: FieldError[] };

/** Runs a use case for a server action; a DomainError becomes a form error, anything else (a redirect too) propagates. */
export async function runAction<T>(fn: () => Promise<T>): Promise<ActionResult<T>> {
  try {
    return { ok: true, data: await fn() };
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    return { ok: false, code: err.code, message: err.detail, errors: err.errors ?? [] };
  }
}
