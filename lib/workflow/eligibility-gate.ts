import { eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { requests } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { now } from "@/lib/clock";
import { DomainError } from "@/lib/errors";
import {
  blockingAnswers,
  ELIGIBILITY_QUESTIONS,
  readStoredEligibility,
  type EligibilityOverride,
} from "@/lib/requests/eligibility-answers";
import type { LockedRequest } from "@/lib/requests/lock-request";

/**
 * Before `ready`: a request whose stored eligibility answers rule the compulsory license out (any answer but a
 * warning) moves only with an employee's override and its note, which is stored with the answers (who, when, why).
 * An override given earlier stands: the answers never change after filing. Without one, 409 `eligibility_blocks`
 * naming each answer. Call it inside the move's transaction, on the locked request.
 */
export async function passEligibility(
  tx: Tx,
  employee: Extract<Actor, { kind: "employee" }>,
  request: Pick<LockedRequest, "id" | "eligibility" | "eligibilityOverride">,
  override: { note: string } | undefined,
): Promise<void> {
  const stored = readStoredEligibility(request.eligibility);
  const blocking = stored ? blockingAnswers(stored.answers) : [];
  if (blocking.length === 0 || request.eligibilityOverride) return;
  if (!override) {
    const named = blocking.map((k) => `"${ELIGIBILITY_QUESTIONS[k].question}"`).join(", ");
    throw new DomainError(
      "eligibility_blocks",
      `The client answered yes to ${named}, which rules the compulsory license out. Move it to "Cannot license", ask ` +
        `the client (need info), or override with a note saying why the license still applies ("override": { "note": "…" }).`,
      blocking.map((k) => ({ path: `eligibility.${k}`, message: ELIGIBILITY_QUESTIONS[k].explanation })),
      { answers: blocking },
    );
  }
  const stamp: EligibilityOverride = { note: override.note, byName: employee.name, at: now().toISOString() };
  await tx.update(requests).set({ eligibilityOverride: stamp }).where(eq(requests.id, request.id));
}
