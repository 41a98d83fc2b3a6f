import { and, eq, isNull } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { requests } from "@/db/schema";
import { newVerificationCode } from "@/lib/requests/verification-code";

/**
 * A licensed request's verification code: given when it was licensed; one licensed before codes existed gets one the
 * first time its license is rendered (whichever of two concurrent renders writes first wins; both then read it).
 */
export async function licenseVerificationCode(
  db: Conn,
  request: { id: number; verificationCode: string | null },
): Promise<string> {
  if (request.verificationCode) return request.verificationCode;
  await db
    .update(requests)
    .set({ verificationCode: newVerificationCode() })
    .where(and(eq(requests.id, request.id), isNull(requests.verificationCode)));
  const [row] = await db.select({ code: requests.verificationCode }).from(requests).where(eq(requests.id, request.id));
  if (!row?.code) throw new Error(`request ${request.id} has no verification code`);
  return row.code;
}
