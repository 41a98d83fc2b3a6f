import { DomainError } from "@/lib/errors";

/**
 * What a page may offer a person: allowed, or refused with the reason in words they can read. The actions functions
 * of lib/ (e.g. lib/requests/request-actions.ts) answer with these, so pages render the answer instead of comparing
 * statuses and roles themselves.
 */
export type Permission = { allowed: true } | { allowed: false; reason: string };

export const allowed: Permission = { allowed: true };
export const refused = (reason: string): Permission => ({ allowed: false, reason });

/** A refusal as a sentence: a field error's own message ("only client staff have…") rather than its path. */
function reasonOf(error: DomainError): string {
  if (!error.errors?.length) return error.detail;
  const said = error.errors.map((e) => e.message).join("; ");
  return `${said[0]!.toUpperCase()}${said.slice(1)}.`;
}

/**
 * The answer of a rule that refuses by throwing a DomainError, called as its use case calls it: allowed when it
 * returns, else refused with the error's words. The page then offers exactly what the use case would accept.
 */
export function permission(rule: () => unknown): Permission {
  try {
    rule();
    return allowed;
  } catch (error) {
    if (error instanceof DomainError) return refused(reasonOf(error));
    throw error;
  }
}

/** Allowed when every one is; else the first refusal (list them in the order a person should hear them). */
export const allOf = (...permissions: Permission[]): Permission => permissions.find((p) => !p.allowed) ?? allowed;
