"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getDb } from "@/db";
import { requireEmployee } from "@/lib/auth/require-employee";
import { requireActor } from "@/lib/auth/session";
import { DomainError } from "@/lib/errors";
import { retryOutboxMessage } from "@/lib/outbox/retry-outbox-message";

export type RetryState = { error?: string };

const messageId = z.coerce.number().int().positive();

export async function retryOutboxAction(_prev: RetryState, form: FormData): Promise<RetryState> {
  const { actor } = await requireActor();
  try {
    requireEmployee(actor, "retry outbox mail");
    const id = messageId.safeParse(form.get("id"));
    if (!id.success) return { error: "Unknown message." };
    await retryOutboxMessage(await getDb(), actor, id.data);
  } catch (e) {
    if (e instanceof DomainError) return { error: e.detail };
    throw e;
  }
  revalidatePath("/staff/outbox");
  return {};
}
