import { revalidatePath } from "next/cache";
import type { z } from "zod";
import { getDb } from "@/db";
import type { Db } from "@/db/client";
import { requireRole, type Actor } from "@/lib/auth/actor";
import { requireActor } from "@/lib/auth/session";
import { DomainError } from "@/lib/errors";
import { parseInput } from "@/lib/validation";
import { formFailure, type FormResult } from "./form-result";

type Gate =
  | { roles?: undefined; doing?: undefined }
  /** The roles that may ever use the action; anyone else is refused before the values are read. */
  | { roles: readonly Actor["kind"][]; doing: string };

export type FormActionOptions<S extends z.ZodType, R> = Gate & {
  /** The schema the values are parsed with: the same one the API and the form's own validation use. */
  schema?: S;
  values?: unknown;
  /** The pages whose data the action changes (shown at once when the user is on one of them). */
  revalidate?: readonly string[] | ((data: R) => readonly string[]);
};

type Work<I, R> = (ctx: { db: Db; actor: Actor; input: I }) => Promise<R>;

/**
 * The one way a portal server action runs: the session's actor (or a redirect to sign-in), the role gate, the
 * values parsed with the schema, the use case, and a DomainError mapped to the form's result; then revalidation.
 * Anything else thrown (a bug, Next's redirect) propagates.
 */
export async function formAction<R, S extends z.ZodType = z.ZodUndefined>(
  options: FormActionOptions<S, R>,
  work: Work<z.output<S>, R>,
): Promise<FormResult<R>> {
  const { actor } = await requireActor();
  return runFormAction(actor, options, work);
}

/** formAction for a known actor (tests call this part directly: it needs no session). */
export async function runFormAction<R, S extends z.ZodType = z.ZodUndefined>(
  actor: Actor,
  options: FormActionOptions<S, R>,
  work: Work<z.output<S>, R>,
): Promise<FormResult<R>> {
  let data: R;
  try {
    if (options.roles) requireRole(actor, options.roles, options.doing);
    const input = (options.schema ? parseInput(options.schema, options.values) : undefined) as z.output<S>;
    data = await work({ db: await getDb(), actor, input });
  } catch (err) {
    if (err instanceof DomainError) return formFailure(err);
    throw err;
  }
  const paths = typeof options.revalidate === "function" ? options.revalidate(data) : (options.revalidate ?? []);
  for (const path of paths) revalidatePath(path);
  return { ok: true, data };
}
