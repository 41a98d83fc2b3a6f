import { revalidatePath } from "next/cache";
import type { z } from "zod";
import { getDb } from "@/db";
import type { Db } from "@/db/client";
import { requireRole, type Actor, type Gate } from "@/lib/auth/actor";
import { DomainError } from "@/lib/errors";
import { parseInput } from "@/lib/validation";
import { formFailure, type FormResult } from "./form-result";

type RoleGate =
  | { roles?: undefined; doing?: undefined }
  /** The roles that may ever use the action (`client:admin`: client admins); anyone else is refused before the values are read. */
  | { roles: readonly Gate[]; doing: string };

type Parsing<S extends z.ZodType> = {
  /** The schema the values are parsed with: the same one the API and the form's own validation use. */
  schema?: S;
  values?: unknown;
};

export type FormActionOptions<S extends z.ZodType, R = unknown> = RoleGate &
  Parsing<S> & {
    /** The pages whose data the action changes (shown at once when the user is on one of them); may depend on the result. */
    revalidate?: readonly string[] | ((data: R) => readonly string[]);
  };

export type FormWork<I, R> = (ctx: { db: Db; actor: Actor; input: I }) => Promise<R>;

/** Parses, runs, and maps a DomainError to the form's result; anything else thrown (a bug, Next's redirect) propagates. */
async function runForm<R, S extends z.ZodType>(
  options: Parsing<S>,
  work: (ctx: { db: Db; input: z.output<S> }) => Promise<R>,
): Promise<FormResult<R>> {
  try {
    const input = (options.schema ? parseInput(options.schema, options.values) : undefined) as z.output<S>;
    return { ok: true, data: await work({ db: await getDb(), input }) };
  } catch (err) {
    if (err instanceof DomainError) return formFailure(err);
    throw err;
  }
}

/** formAction once the actor is known (the part that needs no session, so tests can run it). */
export async function runFormAction<R, S extends z.ZodType = z.ZodUndefined>(
  actor: Actor,
  options: FormActionOptions<S, R>,
  work: FormWork<z.output<S>, R>,
): Promise<FormResult<R>> {
  if (options.roles) {
    try {
      requireRole(actor, options.roles, options.doing);
    } catch (err) {
      if (err instanceof DomainError) return formFailure(err);
      throw err;
    }
  }
  const result = await runForm(options, ({ db, input }) => work({ db, actor, input }));
  if (result.ok) {
    const paths =
      typeof options.revalidate === "function" ? options.revalidate(result.data) : (options.revalidate ?? []);
    for (const path of paths) revalidatePath(path);
  }
  return result;
}

/**
 * The server action of a page for people who are not signed in (accepting an invitation, resetting a password):
 * the same parsing and error mapping as formAction, and no actor. The use case checks the one-time token itself.
 */
export function runPublicFormAction<R, S extends z.ZodType>(
  options: { schema: S; values: unknown },
  work: (ctx: { db: Db; input: z.output<S> }) => Promise<R>,
): Promise<FormResult<R>> {
  return runForm(options, work);
}
