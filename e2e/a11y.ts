import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

const WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** The WCAG 2.2 A/AA violations axe finds in the page as it is now, one line each. */
export async function wcagViolations(page: Page): Promise<string[]> {
  // A client-side navigation sets the new page's title once its metadata arrives: check the page, not the moment between.
  await expect(page).toHaveTitle(/\S/);
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
