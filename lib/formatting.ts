import { serviceTimeZone } from "@/lib/clock";

// How people read dates and lengths, in pages and documents: US English, dates in the service's time zone.

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
export const monthName = (month: number) => MONTHS[month - 1] ?? String(month);

export const formatDate = (value: Date | string) =>
  new Date(value).toLocaleDateString("en-US", { dateStyle: "medium", timeZone: serviceTimeZone() });

export const formatLongDate = (value: Date | string) =>
  new Date(value).toLocaleDateString("en-US", { dateStyle: "long", timeZone: serviceTimeZone() });

export const formatDateTime = (value: Date | string) =>
  new Date(value).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: serviceTimeZone() });

/** A calendar day given as an ISO date ("2026-03-31"), which has no time zone to convert: "Mar 31, 2026". */
export const formatDay = (isoDate: string, dateStyle: "medium" | "long" = "medium") =>
  new Date(`${isoDate}T12:00:00Z`).toLocaleDateString("en-US", { dateStyle, timeZone: "UTC" });

/** A track length as m:ss; null when it is missing (0 or null). */
export const formatLength = (seconds: number | null) =>
  seconds ? `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}` : null;

/** A release month: "December 2026". */
export const formatMonth = (month: number, year: number) => `${monthName(month)} ${year}`;

/**
 * An amount in USD as people read it, from the API's decimal string ("1067.96", "-12.50", a per-unit "0.1310"):
 * "$1,067.96", "-$12.50", "$0.1310". The API keeps the plain string; this is for pages, documents and mail only.
 */
export function formatUsd(amount: string) {
  const negative = amount.startsWith("-");
  const [whole = "", fraction] = (negative ? amount.slice(1) : amount).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ",");
  return `${negative ? "-" : ""}$${grouped}${fraction === undefined ? "" : `.${fraction}`}`;
}
