"use server";

import { formAction } from "@/lib/forms/form-action";
import { pathId } from "@/lib/http/responses";
import { retryOutboxMessage } from "@/lib/outbox/retry-outbox-message";

export async function retryOutboxAction(messageId: number) {
  const options = { roles: ["employee"], doing: "retry outbox mail", revalidate: ["/staff/outbox"] } as const;
  return formAction(options, async ({ db, actor }) => {
    await retryOutboxMessage(db, actor, pathId(String(messageId), "Outbox message"));
    return null;
  });
}
