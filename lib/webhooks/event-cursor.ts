/**
 * The headers of a cursor page: `X-Next-Cursor` (the value to send as `after`) and `Link: <…>; rel="next"`, the same
 * URL with `after` set. A feed's next cursor is its last item, or the one asked with when nothing followed it.
 */
export function nextPageHeaders(url: URL, param: string, next: string | null): Record<string, string> {
  if (next === null) return {};
  const link = new URL(url);
  link.searchParams.set(param, next);
  return { "X-Next-Cursor": next, Link: `<${link.pathname}${link.search}>; rel="next"` };
}
