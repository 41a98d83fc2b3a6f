import { z } from "zod";
import { TEXT_LIMITS } from "@/lib/input-text";

const whole = (what: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, `must be ${what}`)
    .transform(Number);
const text = (max: number) => z.string().trim().min(1).max(max, `must be at most ${max} characters`);

export const AUDIT_PAGE_SIZE = 50;

/** An account's audit trail filters, as they appear in the staff page's URL (?entity=request&entityId=12&person=Sam). */
export const auditQuery = z.object({
  entity: text(50).optional(),
  entityId: text(50).optional(),
  person: text(TEXT_LIMITS.name).optional(),
  page: whole("a page number").pipe(z.number().min(1, "must be at least 1")).optional().default(1),
});
export type AuditQuery = z.infer<typeof auditQuery>;
