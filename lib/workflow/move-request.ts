import type { Db } from "@/db/client";
import type { Actor } from "@/lib/auth/actor";
import { askForInfo } from "./ask-for-info";
import { changeStatus } from "./change-status";
import type { StatusChangeInput } from "./status-schemas";

/**
 * An employee's status move, from the API or the portal: "Need info" also posts its message publicly on the album's
 * wall (docs/product-rules.md, "Need info": API and portal alike); every other move is changeStatus.
 */
export const moveRequest = (db: Db, actor: Actor, requestId: number, input: StatusChangeInput) =>
  input.code === "need_info" ? askForInfo(db, actor, requestId, input) : changeStatus(db, actor, requestId, input);
