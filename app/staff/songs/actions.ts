"use server";

import { redirect } from "next/navigation";
import { getDb } from "@/db";
import { requireEmployee } from "@/lib/auth/require-employee";
import { requireActor } from "@/lib/auth/session";
import { actionFailure, type ActionState } from "@/lib/forms/action-state";
import { createSong } from "@/lib/songs/create-song";
import { songInputSchema } from "@/lib/songs/schemas";
import { updateSong } from "@/lib/songs/update-song";
import { parseInput } from "@/lib/validation";

/** The song form's submit: a new catalog song (songId null) or an edit; on success, the song's page. */
export async function saveSongAction(songId: number | null, values: unknown): Promise<ActionState> {
  const { actor } = await requireActor();
  let savedId: number;
  try {
    requireEmployee(actor, "manage the song catalog"); // before the form is read: a refused caller learns no rules
    const input = parseInput(songInputSchema, values);
    const db = await getDb();
    savedId = (songId === null ? await createSong(db, actor, input) : await updateSong(db, actor, songId, input)).id;
  } catch (err) {
    return actionFailure(err);
  }
  redirect(`/staff/songs/${savedId}?saved=1`);
}
