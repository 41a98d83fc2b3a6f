import type { FieldError } from "@/lib/errors";
import { runAction, type ActionResult } from "./action-result";

export type PatchOp = { path: string; value: unknown };

/**
 * Runs a portal edit through a PATCH use case: the ops become the JSON Patch document the API takes, and
 * parsePatch's errors (`/2/value`, "email: must be an email address") go back on the edited field (`email`).
 */
export async function runPatch(ops: unknown, patch: (body: unknown) => Promise<unknown>): Promise<ActionResult> {
  const list: PatchOp[] = Array.isArray(ops) ? ops : [];
  const result = await runAction(async () => {
    await patch(Array.isArray(ops) ? list.map((o) => ({ op: "replace", path: o?.path, value: o?.value })) : ops);
    return null;
  });
  return result.ok ? result : { ...result, errors: onFields(result.errors, list) };
}

function onFields(errors: FieldError[], ops: PatchOp[]): FieldError[] {
  return errors.map((e) => {
    const match = /^\/(\d+)\/value$/.exec(e.path);
    const op = match ? ops[Number(match[1])] : undefined;
    return op ? { path: op.path, message: e.message.replace(`${op.path}: `, "") } : e;
  });
}
