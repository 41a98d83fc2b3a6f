import { z } from "zod";
import { STATUS_CODES, type StatusCode } from "@/lib/requests/statuses";

/** Statuses that still need work from the staff: the queue's default view. */
export const OPEN_STATUSES: StatusCode[] = ["new", "need_info", "ready", "need_payment", "in_progress"];
export const AGE_FILTERS = [
  { days: 1, label: "Older than a day" },
  { days: 7, label: "Older than a week" },
  { days: 30, label: "Older than 30 days" },
] as const;
export const QUEUE_PAGE_SIZE = 25;
/** Requests whose notices are overdue, or due within DUE_SOON_DAYS (lib/licensing/notice-due-on.ts). */
export const DUE_FILTERS = [
  { value: "overdue", label: "Notices overdue" },
  { value: "soon", label: "Notices due within 7 days" },
] as const;
export const QUEUE_SORTS = [
  { value: "waiting", label: "Longest waiting first" },
  { value: "due", label: "Notices due soonest first" },
] as const;

const whole = (what: string) => z.string().regex(/^\d{1,9}$/, `must be ${what}`).transform(Number);

/** The staff queue's filters, as they appear in its URL (?status=open&account=3&age=7&due=soon&sort=due&q=jolene&page=2). */
export const queueQuery = z.object({
  status: z.enum(["open", "all", ...STATUS_CODES], { error: "is not a status" }).optional().default("open"),
  account: whole("an account id").optional(),
  age: z
    .enum(AGE_FILTERS.map((a) => String(a.days)) as [string, ...string[]], { error: "is not an age filter" })
    .transform(Number)
    .optional(),
  due: z.enum(["overdue", "soon"], { error: "is not a deadline filter" }).optional(),
  sort: z.enum(["waiting", "due"], { error: "is not a sort order" }).optional().default("waiting"),
  /** Song, album, artist, licensee or request number (`6`, `#6`). */
  q: z.string().trim().max(200, "must be at most 200 characters").optional(),
  page: whole("a page number").pipe(z.number().min(1, "must be at least 1")).optional().default(1),
});
export type QueueQuery = z.infer<typeof queueQuery>;
