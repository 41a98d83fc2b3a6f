import type { Db } from "@/db/client";
import type { Actor } from "@/lib/auth/actor";
import { validationFailed } from "@/lib/errors";
import { enqueueNeedInfoMail } from "@/lib/notifications/enqueue-need-info-mail";
import { findRequestView } from "@/lib/requests/request-view";
import { createWallPost } from "@/lib/wall/create-wall-post";
import type { Visibility } from "@/lib/wall/visibilities";
import { changeStatus } from "./change-status";
import { NEED_INFO_NOTE } from "./status-schemas";

/**
 * "Need info" from the staff workspace: the request moves to `need_info` and the message telling the client what is
 * missing is posted publicly on the album's wall (and noted on the timeline) and mailed to the account's client staff,
 * in one transaction, so the client and licensee see why, never an empty wall.
 */
export async function askForInfo(
  db: Db,
  actor: Actor,
  requestId: number,
  input: { note: string | null; noteVisibility: Visibility },
) {
  if (!input.note || input.noteVisibility !== "public") {
    throw validationFailed([{ path: "note", message: NEED_INFO_NOTE }]);
  }
  const message = input.note;
  await db.transaction(async (tx) => {
    const request = await changeStatus(tx, actor, requestId, {
      code: "need_info",
      reason: null,
      note: message,
      noteVisibility: "public",
    });
    await createWallPost(tx, actor, { trackId: request.trackId }, { message, visibility: "public", parentId: null });
    await enqueueNeedInfoMail(tx, requestId, message);
  });
  return findRequestView(db, {}, requestId);
}
