import { isOneLine } from "@/lib/input-text";

/**
 * A page's searchParams as a plain object for zod (the first value of a repeated parameter wins). A value holding
 * control characters (a NUL would fail the query) is dropped, like any other filter value the page cannot use.
 */
export function searchParamsObject(params: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined && first !== "" && isOneLine(first)) out[key] = first;
  }
  return out;
}
