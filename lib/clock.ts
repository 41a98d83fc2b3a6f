import { env } from "@/env";

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
  return env().SERVICE_TIME_ZONE;
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
  const parts = formatIn("date", { timeZone, year: "numeric", month: "numeric", day: "numeric" })
    .formatToParts(at)
    .reduce<Record<string, number>>((acc, p) => (p.type === "literal" ? acc : { ...acc, [p.type]: Number(p.value) }), {});
  return { year: parts.year!, month: parts.month!, day: parts.day! };
}

/** The hour of the day (0–23) in the service's time zone. */
export function serviceHour(at: Date = now(), timeZone = serviceTimeZone()): number {
  return Number(formatIn("hour", { timeZone, hour: "numeric", hourCycle: "h23" }).format(at));
}
