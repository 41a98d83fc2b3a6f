"use server";

import { formAction } from "@/lib/forms/form-action";
import { pathId } from "@/lib/http/responses";
import { cancelRequest } from "@/lib/requests/cancel-request";

export async function cancelRequestAction(requestId: number) {
  return formAction(
    { roles: ["client"], doing: "cancel requests", revalidate: [`/requests/${requestId}`] },
    async ({ db, actor }) => {
      await cancelRequest(db, actor, pathId(String(requestId), "Request"));
      return null;
    },
  );
}
