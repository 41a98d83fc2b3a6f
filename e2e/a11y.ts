import { readdirSync } from "node:fs";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

const WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** The WCAG 2.2 A/AA violations axe finds in the page as it is now, one line each. */
export async function wcagViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** Fails on any WCAG 2.2 A/AA violation in the page as it is now; `what` names the page or state. */
export async function expectNoWcagViolations(page: Page, what: string) {
  expect(await wcagViolations(page), `WCAG 2.2 AA violations on ${what}`).toEqual([]);
}

/** Whether the page scrolls sideways at the viewport's current width (1.4.10 Reflow at 320 px). */
export const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * Every portal page's route, read from app/**\/page.tsx so that a new page is checked without editing a list:
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
