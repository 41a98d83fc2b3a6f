import { serviceTimeZone } from "@/lib/clock";

// How people read dates and lengths, in pages and documents: US English, dates in the service's time zone.

export const formatDate = (value: Date | string) =>
  new Date(value).toLocaleDateString("en-US", { dateStyle: "medium", timeZone: serviceTimeZone() });

export const formatLongDate = (value: Date | string) =>
  new Date(value).toLocaleDateString("en-US", { dateStyle: "long", timeZone: serviceTimeZone() });

export const formatDateTime = (value: Date | string) =>
  new Date(value).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: serviceTimeZone() });

/** A track length as m:ss; null when it is missing (0 or null). */
export const formatLength = (seconds: number | null) =>
  seconds ? `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}` : null;
