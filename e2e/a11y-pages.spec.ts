import type { Browser, Page } from "@playwright/test";
import { expectNoWcagViolations, sidewaysOverflow, wcagViolations } from "./a11y";
import { pageRoutes, routeMatcher } from "./page-routes";
import { expect, test } from "./fixtures";
import { DEMO_USERS, demoLicenseeAlbum, signIn } from "./helpers";

/**
 * WCAG 2.2 AA: axe on every page of app/ for each role (and signed out), and reflow at 320 px on each; then the
 * states a page reaches without a new load (an open reply, a confirmation, each error of the wizard).
 */

const DESKTOP = { width: 1280, height: 800 };
const NARROW = { width: 320, height: 800 };

// Demo data (db/seed.ts): album 1 is the first album, request 6 is licensed, request 3 is in research, song 1 and
// account 1 exist. Ids only the database knows are taken from the first link of their list page, as a user finds them.
const FIXED: Record<string, string> = {
  "/albums/[id]": "/albums/1",
  "/albums/[id]/reorder": "/albums/1/reorder",
  "/albums/[id]/wall": "/albums/1/wall",
  "/requests/[id]": "/requests/6",
  "/staff/requests/[id]": "/staff/requests/3",
  "/staff/songs/[id]": "/staff/songs/1",
  "/staff/accounts/[id]": "/staff/accounts/1",
  "/staff/accounts/[id]/audit": "/staff/accounts/1/audit",
  // The 404 unless an import exists: e2e/imports.spec.ts checks an import's page (preview and done) with axe.
  "/imports/[id]": "/imports/1",
  // A code no license has (its 404); e2e/license-verification.spec.ts checks the page of a real one.
  "/verify/[code]": "/verify/AAAAAAAAAAAAAAAAAAAAAA",
};
const LINKED: Record<string, { from: string; as: string }> = {
  "/licensees/[id]": { from: "/licensees", as: DEMO_USERS.client },
  "/staff/payments/[id]": { from: "/staff/payments?status=paid", as: DEMO_USERS.employee },
  // The demo has no statement run (making one would change the months later specs run), so this is its 404 page
  // unless a run exists.
  "/staff/statements/[month]": { from: "/staff/statements", as: DEMO_USERS.employee },
};
const NO_RUN_MONTH = "/staff/statements/2000-01";

async function linkedPath(browser: Browser, route: string): Promise<string> {
  const { from, as } = LINKED[route]!;
  const page = await browser.newPage();
  try {
    await signIn(page, as);
    await page.goto(from);
    const paths = await page
      .getByRole("main")
      .getByRole("link")
      .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).pathname));
    const found = paths.find((p) => routeMatcher(route).test(p));
    if (found) return found;
    if (route === "/staff/statements/[month]") return NO_RUN_MONTH;
    throw new Error(`no link to ${route} on ${from}`);
  } finally {
    await page.close();
  }
}

let samples: string[] = [];

test.beforeAll(async ({ browser }) => {
  samples = [];
  for (const route of pageRoutes()) {
    if (!route.includes("[")) samples.push(route);
    else if (FIXED[route]) samples.push(FIXED[route]);
    else if (LINKED[route]) samples.push(await linkedPath(browser, route));
    else throw new Error(`${route} is a new page: give it a demo path in e2e/a11y-pages.spec.ts`);
  }
});

/**
 * Visits each sample path and returns what fails there (every page is visited, so one run lists all); a path
 * answered as one already checked (a redirect to sign-in, a 404 page) is not checked again.
 */
async function problemsOfEveryPage(page: Page): Promise<string[]> {
  const checked = new Set<string>();
  const problems: string[] = [];
  for (const path of samples) {
    await page.setViewportSize(DESKTOP);
    const response = await page.goto(path);
    const landed = `${response?.status()} ${new URL(page.url()).pathname}`;
    const answer = response?.status() === 200 ? landed : `${response?.status()}`;
    if (checked.has(answer)) continue;
    checked.add(answer);
    await expect(page.locator("h1").first()).toBeVisible();
    problems.push(...(await wcagViolations(page)).map((v) => `${path} (${landed}): ${v}`));
    await page.setViewportSize(NARROW);
    const overflow = await sidewaysOverflow(page);
    if (overflow > 0) problems.push(`${path} (${landed}): scrolls sideways by ${overflow} px at 320 px`);
  }
  return problems;
}

for (const [role, email] of [
  ["an employee", DEMO_USERS.employee],
  ["client staff", DEMO_USERS.client],
  ["a licensee", DEMO_USERS.licensee],
  ["a visitor", null],
] as const) {
  test(`every page ${role} reaches meets WCAG 2.2 AA and reflows at 320 px`, async ({ page }) => {
    // Some thirty pages, each loaded, read by axe and resized.
    test.setTimeout(480_000);
    if (email) await signIn(page, email);
    expect(await problemsOfEveryPage(page)).toEqual([]);
  });
}

test("the wall's open reply and delete question, and a confirmation, meet WCAG 2.2 AA", async ({ page, request }) => {
  const { albumId } = await demoLicenseeAlbum(request, `A11y wall ${Date.now()}`);
  await signIn(page, DEMO_USERS.client);
  await page.goto(`/albums/${albumId}/wall`);
  const newPost = page.getByRole("form", { name: "New post" });
  await newPost.getByLabel("Message").fill("A post to reply to");
  await newPost.getByRole("button", { name: "Post" }).click();
  const post = page.getByRole("article").filter({ hasText: "A post to reply to" });
  await post.getByRole("button", { name: /^Reply to/ }).click();
  await expect(page.getByRole("form", { name: /^Reply to Casey Client/ })).toBeVisible();
  await expectNoWcagViolations(page, "the wall with a reply open");
  await post.getByRole("button", { name: /^Delete/ }).click();
  await expect(post.getByRole("group", { name: "Delete this post?" })).toBeVisible();
  await expectNoWcagViolations(page, "the wall with the delete question open");

  await page.goto("/settings/api-keys");
  await page
    .getByRole("button", { name: /^Revoke/ })
    .first()
    .click();
  await expect(page.getByRole("group", { name: /^Revoke/ })).toBeVisible();
  await expectNoWcagViolations(page, "API keys with the revoke question open");
});

test("each error state of the new-request wizard meets WCAG 2.2 AA", async ({ page }) => {
  await signIn(page, DEMO_USERS.client);
  await page.goto("/requests/new");
  const next = page.getByRole("button", { name: "Next" });
  const step = (n: number) =>
    expect(page.getByRole("heading", { level: 2, name: new RegExp(`^Step ${n} of`) })).toBeVisible();

  await page.getByLabel("A new licensee").check();
  await next.click();
  await expect(page.getByText("must be an email address")).toBeVisible();
  await expectNoWcagViolations(page, "the wizard's licensee errors");

  await page.getByLabel("An existing licensee").check();
  await page.getByLabel("Licensee", { exact: true }).selectOption({ index: 1 });
  await next.click();
  await step(2);
  await page.getByLabel("An existing album").check();
  await next.click();
  await expect(page.getByRole("alert").filter({ hasText: "Choose an album." })).toBeVisible();
  await expectNoWcagViolations(page, "the wizard's album-choice error");
  await page.getByLabel("A new album").check();
  await next.click();
  await expect(page.getByText("must not be empty").first()).toBeVisible();
  await expectNoWcagViolations(page, "the wizard's new-album errors");

  await page.getByLabel("Album title").fill("A11y album");
  await page.getByLabel("Album artist").fill("A11y band");
  await next.click();
  await step(3);
  await next.click();
  await expect(page.getByText("Choose a format.")).toBeVisible();
  await expectNoWcagViolations(page, "the wizard's release errors");

  await page.getByLabel("Format").selectOption({ label: "Compact Discs" });
  await page.getByLabel("Quantity (units)").fill("1000");
  await next.click();
  await step(4);
  await next.click();
  await expect(page.getByRole("region", { name: "Track 1" }).locator("[aria-invalid=true]").first()).toBeVisible();
  await expectNoWcagViolations(page, "the wizard's track errors");
});
