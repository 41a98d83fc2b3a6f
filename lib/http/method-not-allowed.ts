import { API_VERSION_HEADER, LATEST_API_VERSION } from "@/lib/api-versions";
import { DomainError } from "@/lib/errors";
import API_METHODS from "./api-methods.json";
import { problemResponse } from "./problem";

/** A path's segments: a literal, a parameter (`{id}`) or the rest of the path (a catch-all, one segment or more). */
type Route = { segments: string[]; methods: readonly string[] };

const REST = "{...}";
const ROUTES: Route[] = [
  ...Object.entries(API_METHODS as Record<string, string[]>).map(([path, methods]) => ({
    segments: path.split("/").slice(1),
    methods,
  })),
  // Auth.js's sign-in routes (app/api/auth/[...nextauth]) are the portal's, not operations of the API.
  { segments: ["api", "auth", REST], methods: ["GET", "POST"] },
];

/** How a route's segment matches one of the path: 2 a literal, 1 a parameter, 0 the rest; -1 not at all. */
function segmentRank(pattern: string, segment: string): number {
  if (pattern === segment) return 2;
  if (pattern.startsWith("{")) return segment === "" ? -1 : pattern === REST ? 0 : 1;
  return -1;
}

/** Ranks of a matching route, segment by segment (null: no match), for picking the one Next routes to. */
function ranks(route: Route, segments: string[]): number[] | null {
  const out: number[] = [];
  for (let i = 0; i < route.segments.length; i++) {
    const pattern = route.segments[i]!;
    const segment = segments[i];
    if (segment === undefined) return null;
    const rank = segmentRank(pattern, segment);
    if (rank < 0) return null;
    out.push(rank);
    if (pattern === REST) return out;
  }
  return out.length === segments.length ? out : null;
}

const moreSpecific = (a: number[], b: number[]) => {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! > b[i]!;
  return a.length > b.length;
};

/**
 * The methods the route at `pathname` takes, as Next picks the route (a literal segment before a parameter), HEAD
 * wherever GET is and OPTIONS everywhere (Next answers both itself); null for a path no route has (the catch-all's
 * 404 answers it).
 */
function allowedMethods(pathname: string): string[] | null {
  const segments = pathname
    .replace(/(?<=.)\/$/, "")
    .split("/")
    .slice(1);
  let best: { route: Route; rank: number[] } | undefined;
  for (const route of ROUTES) {
    const rank = ranks(route, segments);
    if (rank && (!best || moreSpecific(rank, best.rank))) best = { route, rank };
  }
  if (!best) return null;
  const { methods } = best.route;
  return [...methods.flatMap((m) => (m === "GET" ? ["GET", "HEAD"] : [m])), "OPTIONS"];
}

/**
 * A method the API path's route does not take: 405 `method_not_allowed` as problem+json with `Allow`, where Next
 * would answer an empty 405. Null when the route takes it, or when no route has the path.
 */
export function methodNotAllowed(method: string, pathname: string, requestId: string): Response | null {
  const allow = allowedMethods(pathname);
  if (!allow || allow.includes(method.toUpperCase())) return null;
  const response = problemResponse(
    new DomainError(
      "method_not_allowed",
      `${pathname} does not take ${method.toUpperCase()}; it takes ${allow.join(", ")} (see the Allow header).`,
    ),
    requestId,
  );
  response.headers.set("Allow", allow.join(", "));
  // Answered before the route wrappers read the caller's version: the newest names it, as for any unpinned call.
  response.headers.set(API_VERSION_HEADER, LATEST_API_VERSION);
  return response;
}
