import type { z } from "zod";
import { requireActor } from "@/lib/auth/session";
import type { FormResult } from "./form-result";
import { runFormAction, type FormActionOptions, type FormWork } from "./run-form-action";

/**
 * The one way a portal server action runs: the session's actor (or a redirect to sign-in), the role gate, the
 * values parsed with the schema, the use case, and a DomainError mapped to the form's result; then revalidation.
 * Anything else thrown (a bug, Next's redirect) propagates.
 */
export async function formAction<R, S extends z.ZodType = z.ZodUndefined>(
  options: FormActionOptions<S, R>,
  work: FormWork<z.output<S>, R>,
): Promise<FormResult<R>> {
  const { actor } = await requireActor();
  return runFormAction(actor, options, work);
}
