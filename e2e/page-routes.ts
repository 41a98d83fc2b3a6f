import { readdirSync } from "node:fs";
import { join } from "node:path";

/**
 * Every portal page's route, read from app/**\/page.tsx so that a new page is checked (e2e/a11y-pages.spec.ts) and
 * measured (`npm run bench:pages`) without editing a list:
 * `/albums/[id]/wall` and the like (route groups dropped).
 */
export function pageRoutes(dir = "app", base = ""): string[] {
  const routes: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory() && entry.name !== "api") {
      const segment = /^\(.*\)$/.test(entry.name) ? "" : `/${entry.name}`;
      routes.push(...pageRoutes(join(dir, entry.name), base + segment));
    } else if (entry.name === "page.tsx") routes.push(base || "/");
  }
  return routes.sort();
}

/** A route's pattern as a path matcher: `[id]` and `[month]` stand for one segment. */
export const routeMatcher = (route: string) => new RegExp(`^${route.replace(/\[[^\]]+\]/g, "[^/]+")}$`);
