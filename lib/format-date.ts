import { serviceTimeZone } from "@/lib/clock";

/** Dates as the service's staff read them: in the service's time zone (product.md §5), US English. */
export const formatDate = (value: Date | string) =>
  new Date(value).toLocaleDateString("en-US", { dateStyle: "medium", timeZone: serviceTimeZone() });

export const formatDateTime = (value: Date | string) =>
  new Date(value).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: serviceTimeZone() });
