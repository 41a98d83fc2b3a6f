"use server";

import { revalidatePath } from "next/cache";
import { getDb } from "@/db";
import { requireActor } from "@/lib/auth/session";
import { pathId } from "@/lib/http/responses";
import { runAction } from "@/lib/portal/action-result";
import { cancelRequest } from "@/lib/requests/cancel-request";

export async function cancelRequestAction(requestId: number) {
  const { actor } = await requireActor();
  return runAction(async () => {
    const request = await cancelRequest(await getDb(), actor, pathId(String(requestId), "Request"));
    revalidatePath(`/requests/${request.id}`);
    return null;
  });
}
