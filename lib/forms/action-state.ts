import { DomainError } from "@/lib/errors";

/** What a portal server action answers a form with: a message, and errors by field path ("owners.0.share"). */
export type ActionState = { error?: string; fieldErrors?: Record<string, string>; done?: string };

/** Maps a domain error to the form's state; anything else is a bug and is rethrown (so is Next's redirect). */
export function actionFailure(err: unknown): ActionState {
  if (!(err instanceof DomainError)) throw err;
  return {
    error: err.detail,
    fieldErrors: Object.fromEntries((err.errors ?? []).map((e) => [e.path, e.message])),
  };
}
