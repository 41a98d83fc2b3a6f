import { z } from "zod";
import { TEXT_LIMITS } from "@/lib/input-text";
import { STATUS_CODES, type StatusCode } from "@/lib/requests/statuses";
export const AGE_FILTERS = [
  { days: 1, label: "Older than a day" },
  { days: 7, label: "Older than a week" },
  { days: 30, label: "Older than 30 days" },
] as const;
export const QUEUE_PAGE_SIZE = 100;
/** Requests whose notices are overdue, or due within DUE_SOON_DAYS (lib/licensing/notice-due-on.ts). */
export const DUE_FILTERS = [
  { value: "overdue", label: "Notices overdue" },
  { value: "soon", label: "Notices due within 7 days" },
] as const;
/** Orders of the queue, one per column of its table (a header sorts by its column); `waiting`, the oldest filed first, is the default. */
export const QUEUE_SORTS = [
  { value: "waiting", label: "Date filed" },
  { value: "due", label: "Notice deadline" },
  { value: "id", label: "Request number" },
  { value: "song", label: "Song as filed" },
  { value: "album", label: "Album" },
  { value: "client", label: "Client" },
  { value: "licensee", label: "Licensee" },
  { value: "format", label: "Format" },
  { value: "units", label: "Units" },
  { value: "royalty", label: "Royalty" },
  { value: "status", label: "Status" },
  { value: "inStatus", label: "Time in status" },
] as const;
export type QueueSort = (typeof QUEUE_SORTS)[number]["value"];

/** Whose move it is: the client's while we wait for information or payment, ours otherwise. */
export const WAITING_ON: Record<"us" | "client", StatusCode[]> = {
  us: ["new", "ready", "in_progress"],
  client: ["need_info", "need_payment"],
};

const whole = (what: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, `must be ${what}`)
    .transform(Number);

/** The staff queue's filters, as they appear in its URL (?status=open&waiting=us&assignee=mine&account=3&age=7&due=soon&sort=due&dir=asc&q=jolene&page=2). */
export const queueQuery = z.object({
  status: z
    .enum(["open", "all", ...STATUS_CODES], { error: "is not a status" })
    .optional()
    .default("open"),
  account: whole("an account id").optional(),
  age: z
    .enum(AGE_FILTERS.map((a) => String(a.days)) as [string, ...string[]], { error: "is not an age filter" })
    .transform(Number)
    .optional(),
  due: z.enum(["overdue", "soon"], { error: "is not a deadline filter" }).optional(),
  waiting: z.enum(["us", "client"], { error: "is not us or client" }).optional(),
  /** `mine`: the signed-in employee's; `none`: no one's yet; or an employee's user id. */
  assignee: z
    .union([z.enum(["mine", "none"]), whole("mine, none or an employee's user id")], {
      error: "must be mine, none or an employee's user id",
    })
    .optional(),
  sort: z
    .enum(QUEUE_SORTS.map((s) => s.value) as [QueueSort, ...QueueSort[]], { error: "is not a sort order" })
    .optional()
    .default("waiting"),
  /** The direction of the order: ascending is the oldest, soonest, smallest or first in the alphabet first. */
  dir: z.enum(["asc", "desc"], { error: "is not asc or desc" }).optional().default("asc"),
  /** Song, album, artist, licensee or request number (`6`, `#6`). */
  q: z.string().trim().max(TEXT_LIMITS.search, `must be at most ${TEXT_LIMITS.search} characters`).optional(),
  page: whole("a page number").pipe(z.number().min(1, "must be at least 1")).optional().default(1),
});
export type QueueQuery = z.infer<typeof queueQuery>;

/** The queue's address for `query` with some of it changed (a page, an order): only what differs from the defaults. */
export function queueHref(query: QueueQuery, changes: Partial<QueueQuery> = {}): string {
  const q = { ...query, ...changes };
  const params = new URLSearchParams({ status: q.status });
  if (q.waiting !== undefined) params.set("waiting", q.waiting);
  if (q.assignee !== undefined) params.set("assignee", String(q.assignee));
  if (q.account !== undefined) params.set("account", String(q.account));
  if (q.age !== undefined) params.set("age", String(q.age));
  if (q.due !== undefined) params.set("due", q.due);
  if (q.sort !== "waiting") params.set("sort", q.sort);
  if (q.dir !== "asc") params.set("dir", q.dir);
  if (q.q) params.set("q", q.q);
  if (q.page !== 1) params.set("page", String(q.page));
  return `/staff/queue?${params.toString()}`;
}

/** The order of the queue in words, for its summary line and the table's caption. */
export function describeQueueOrder(query: Pick<QueueQuery, "sort" | "dir">): string {
  const asc = query.dir === "asc";
  if (query.sort === "waiting") return asc ? "the longest waiting first" : "the newest first";
  if (query.sort === "due") return asc ? "the soonest notice deadline first" : "the latest notice deadline first";
  if (query.sort === "inStatus") return asc ? "the shortest time in status first" : "the longest time in status first";
  const label = QUEUE_SORTS.find((s) => s.value === query.sort)?.label ?? query.sort;
  return `by ${label.toLowerCase()}, ${asc ? "ascending" : "descending"}`;
}
