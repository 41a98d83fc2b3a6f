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

export type FormActionOptions<S extends z.ZodType> = RoleGate & {
  /** The schema the values are parsed with: the same one the API and the form's own validation use. */
  schema?: S;
  values?: unknown;
  /** The pages whose data the action changes (shown at once when the user is on one of them). */
  revalidate?: readonly string[];
};

export type FormWork<I, R> = (ctx: { db: Db; actor: Actor; input: I }) => Promise<R>;

/** formAction once the actor is known (the part that needs no session, so tests can run it). */
export async function runFormAction<R, S extends z.ZodType = z.ZodUndefined>(
  actor: Actor,
  options: FormActionOptions<S>,
  work: FormWork<z.output<S>, R>,
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
  for (const path of options.revalidate ?? []) revalidatePath(path);
  return { ok: true, data };
}
