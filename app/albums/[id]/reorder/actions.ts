"use server";

import { formAction } from "@/lib/forms/form-action";
import { pathId } from "@/lib/http/responses";
import { reorderTrack } from "@/lib/requests/reorder-track";
import { reorderSchema } from "@/lib/requests/schemas";

/** "License more units": POST /api/tracks/{id}/requests's schema and use case, one request per track of the album. */
export async function reorderAction(albumId: number, trackId: number, values: unknown) {
  const options = {
    roles: ["client"],
    doing: "license more units",
    schema: reorderSchema,
    values,
    revalidate: [`/albums/${albumId}`, "/requests"],
  } as const;
  return formAction(options, async ({ db, actor, input }) => {
    const created = await reorderTrack(db, actor, pathId(String(trackId), "Track"), input);
    return { requestIds: created.map((r) => r.id) };
  });
}
