import { serviceTimeZone } from "@/lib/clock";
import { monthName } from "@/lib/releases/release-date";

/** 205 → "3:25". */
export function formatLength(seconds: number | null): string {
  if (seconds === null || seconds === 0) return "—";
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

export const formatMonth = (month: number, year: number) => `${monthName(month)} ${year}`;

// Dates read in the service's calendar (as the release-date rules do), the same on the server and in the browser.
export const formatDate = (at: Date | string) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: serviceTimeZone() }).format(new Date(at));
export const formatDateTime = (at: Date | string) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: serviceTimeZone() }).format(new Date(at));

export const formatUsd = (amount: string) => `$${amount}`;
