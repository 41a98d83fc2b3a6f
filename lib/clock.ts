import { setting } from "@/env";

// The injectable clock: tests set a fixed time with setClock(); everything else reads now().
const g = globalThis as unknown as { __coverdeskNow?: () => Date };

export function now(): Date {
  return g.__coverdeskNow?.() ?? new Date();
}

/** For tests: fix the time (a Date) or restore the system clock (undefined). */
export function setClock(at: Date | undefined): void {
  g.__coverdeskNow = at ? () => new Date(at) : undefined;
}

export function serviceTimeZone(): string {
  return setting("SERVICE_TIME_ZONE");
}

// Building an Intl.DateTimeFormat costs far more than using one (a filing asks for the date more than once).
const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(key: string, options: Intl.DateTimeFormatOptions & { timeZone: string }): Intl.DateTimeFormat {
  const cacheKey = `${key} ${options.timeZone}`;
  let format = formats.get(cacheKey);
  if (!format) formats.set(cacheKey, (format = new Intl.DateTimeFormat("en-US", options)));
  return format;
}

/** The calendar date in the service's time zone. */
export function serviceDate(at: Date = now(), timeZone = serviceTimeZone()) {
  const date = { year: 0, month: 0, day: 0 };
  for (const part of formatIn("date", { timeZone, year: "numeric", month: "numeric", day: "numeric" }).formatToParts(
    at,
  )) {
    if (part.type === "year" || part.type === "month" || part.type === "day") date[part.type] = Number(part.value);
  }
  return date;
}

/** The hour of the day (0–23) in the service's time zone. */
export function serviceHour(at: Date = now(), timeZone = serviceTimeZone()): number {
  return Number(formatIn("hour", { timeZone, hour: "numeric", hourCycle: "h23" }).format(at));
}

/** Today in the service's calendar, as an ISO date. */
export function isoDay(at: Date = now()): string {
  const d = serviceDate(at);
  return `${d.year}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`;
}
