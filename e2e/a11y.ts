import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * axe on the page as it is now: axe.run in the page itself (AxeBuilder's legacy mode), every violation in full and
 * only a sample of the passes (resultTypes), the one result the tests read. AxeBuilder's default runs
 * axe.runPartial in every frame, finishes the run in a second, blank page and sends every passing node back: on a
 * long page that costs more than the rules themselves. The partial mode exists for pages with
 * cross-origin frames. No portal page has a frame (and the CSP allows none from another origin): should one ever
 * have one, this fails instead of checking less.
 */
export function axeOn(page: Page): AxeBuilder {
  expect(
    page
      .frames()
      .filter((f) => f !== page.mainFrame())
      .map((f) => f.url()),
    "frames axe would not enter",
  ).toEqual([]);
  return new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ["violations"] });
}

const WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** The WCAG 2.2 A/AA violations axe finds in the page as it is now, one line each. */
export async function wcagViolations(page: Page): Promise<string[]> {
  // A client-side navigation sets the new page's title once its metadata arrives: check the page, not the moment between.
  await expect(page).toHaveTitle(/\S/);
  const { violations } = await axeOn(page).withTags(WCAG_22_AA).analyze();
  return violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
}

/** Fails on any WCAG 2.2 A/AA violation in the page as it is now; `what` names the page or state. */
export async function expectNoWcagViolations(page: Page, what: string) {
  expect(await wcagViolations(page), `WCAG 2.2 AA violations on ${what}`).toEqual([]);
}

/** Whether the page scrolls sideways at the viewport's current width (1.4.10 Reflow at 320 px). */
export const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
