"use server";

import { redirect } from "next/navigation";
import { formAction } from "@/lib/forms/form-action";
import { pathId } from "@/lib/http/responses";
import { createSong } from "@/lib/songs/create-song";
import { ownerContactSchema, songInputSchema } from "@/lib/songs/schemas";
import { setOwnerContact } from "@/lib/songs/set-owner-contact";
import { updateSong } from "@/lib/songs/update-song";

const options = (values: unknown) =>
  ({ roles: ["employee"], doing: "manage the song catalog", schema: songInputSchema, values }) as const;

/** The song form's submit: a new catalog song (songId null) or an edit; on success, the song's page. */
export async function saveSongAction(songId: number | null, values: unknown) {
  const result = await formAction(options(values), async ({ db, actor, input }) =>
    songId === null ? createSong(db, actor, input) : updateSong(db, actor, pathId(String(songId), "Song"), input),
  );
  if (result.ok) redirect(`/staff/songs/${result.data.id}?saved=1`);
  return result;
}

/** A new catalog song made from a request's page: once saved, back to the request, where it is suggested first. */
export async function addSongForRequestAction(requestId: number, _songId: number | null, values: unknown) {
  const result = await formAction(options(values), async ({ db, actor, input }) => {
    const back = `/staff/requests/${pathId(String(requestId), "Request")}`;
    await createSong(db, actor, input);
    return back;
  });
  if (result.ok) redirect(result.data);
  return result;
}

/** A catalog owner's email and postal address, also on a song frozen by licensing (PUT /api/owners/{id}/contact). */
export async function setOwnerContactAction(songId: number, ownerId: number, values: unknown) {
  const options = {
    roles: ["employee"],
    doing: "manage the song catalog",
    schema: ownerContactSchema,
    values,
    revalidate: [`/staff/songs/${songId}`],
  } as const;
  return formAction(options, async ({ db, actor, input }) => {
    await setOwnerContact(db, actor, pathId(String(ownerId), "Owner"), input);
    return "Saved.";
  });
}
