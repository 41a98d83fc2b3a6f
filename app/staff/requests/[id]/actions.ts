"use server";

import { revalidatePath } from "next/cache";
import { getDb } from "@/db";
import { requireEmployee } from "@/lib/auth/require-employee";
import { requireActor } from "@/lib/auth/session";
import { actionFailure, type ActionState } from "@/lib/forms/action-state";
import { pathId } from "@/lib/http/responses";
import { serveNotice } from "@/lib/licensing/serve-notice";
import { changeStatus } from "@/lib/requests/change-status";
import { linkSong } from "@/lib/requests/link-song";
import { linkSongSchema, statusChangeSchema } from "@/lib/requests/status-schemas";
import { STATUSES } from "@/lib/requests/statuses";
import { parseInput } from "@/lib/validation";

// The staff workspace's forms: the same schemas and use cases as the staff API, and like the API the caller's
// role is checked before anything it sent is parsed.

const requestIdOf = (form: FormData) => pathId(String(form.get("requestId") ?? ""), "Request");

export async function linkSongAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  const { actor } = await requireActor();
  try {
    requireEmployee(actor, "link requests to catalog songs");
    const requestId = requestIdOf(form);
    const { songId } = parseInput(linkSongSchema, { songId: Number(form.get("songId")) });
    await linkSong(await getDb(), actor, requestId, songId);
    revalidatePath(`/staff/requests/${requestId}`);
    return { done: "Linked." };
  } catch (err) {
    return actionFailure(err);
  }
}

export async function changeStatusAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  const { actor } = await requireActor();
  try {
    requireEmployee(actor, "change a request's status");
    const requestId = requestIdOf(form);
    const input = parseInput(statusChangeSchema, {
      code: form.get("code"),
      reason: form.get("code") === "cannot_license" ? form.get("reason") || null : null,
      note: form.get("note"),
      notePrivate: form.get("notePrivate") === "on",
    });
    const request = await changeStatus(await getDb(), actor, requestId, input);
    revalidatePath(`/staff/requests/${requestId}`);
    return { done: `Moved to "${STATUSES[request.status.code].label}".` };
  } catch (err) {
    return actionFailure(err);
  }
}

export async function serveNoticeAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  const { actor } = await requireActor();
  try {
    requireEmployee(actor, "serve notices of intention");
    const requestId = requestIdOf(form);
    await serveNotice(await getDb(), actor, requestId, pathId(String(form.get("ownerId") ?? ""), "Owner"));
    revalidatePath(`/staff/requests/${requestId}`);
    return { done: "Served." };
  } catch (err) {
    return actionFailure(err);
  }
}
