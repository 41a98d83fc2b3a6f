import { sql, type SQL } from "drizzle-orm";
import { requests } from "@/db/schema";
import { now, serviceDate, serviceTimeZone } from "@/lib/clock";

/** "Due soon": within this many days from today (the staff digest, the queue's and dashboard's "due this week"). */
const DUE_SOON_DAYS = 7;

/**
 * The last day a request's notices of intention can be served in time for its release (docs/product-rules.md,
 * "When a notice is due"; the reasoning is in docs/decisions/notice-deadlines.md): the day before the first day of
 * the release month, or, for a release
 * in the month the request was filed (or, by some correction, an earlier one), the day it was filed: urgent from the
 * start. A date in the service's calendar. The one statement of the rule: every list, count and view of deadlines
 * selects or sorts by it, over `requests` alone (the request carries its release's part, `release_due_on`).
 */
export function noticeDueOn(): SQL {
  const filedOn = sql`(${requests.dateAdded} at time zone ${serviceTimeZone()})::date`;
  return sql`greatest(${requests.releaseDueOn}, ${filedOn})`;
}

/** The due date as the API shows it: an ISO date string. */
export const noticeDueOnText = () => sql<string>`to_char(${noticeDueOn()}, 'YYYY-MM-DD')`;

/** Today and the last day of "due soon", as ISO dates of the service's calendar. */
export function deadlineWindow(at: Date = now()): { today: string; soon: string } {
  const { year, month, day } = serviceDate(at);
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  return {
    today: iso(new Date(Date.UTC(year, month - 1, day))),
    soon: iso(new Date(Date.UTC(year, month - 1, day + DUE_SOON_DAYS))),
  };
}

/** Deadline conditions on the due date: past it, or due between today and the end of "due soon". */
export function dueCondition(due: "overdue" | "soon", window = deadlineWindow()): SQL {
  const dueOn = noticeDueOn();
  return due === "overdue"
    ? sql`${dueOn} < ${window.today}::date`
    : sql`${dueOn} between ${window.today}::date and ${window.soon}::date`;
}
