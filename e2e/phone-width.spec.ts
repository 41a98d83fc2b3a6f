import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { DEMO_USERS, signIn } from "./helpers";

test.use({ viewport: { width: 390, height: 844 } });

/** The pages the main navigation links to. */
async function navigationPaths(page: Page): Promise<string[]> {
  const links = page.getByRole("navigation", { name: "Main" }).getByRole("link");
  return links.evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).pathname));
}

// Beyond the navigation, one page of each kind its lists lead to (demo data: request 6 is licensed, album 1 is the
// first album, with a wall post from the seed's "Need info").
const DETAIL_PAGES = {
  client: ["/requests/6", "/albums/1", "/albums/1/wall", "/albums/1/reorder", "/licensees"],
  employee: ["/staff/requests/3", "/staff/songs/1", "/staff/accounts/1", "/albums/3/wall"],
  licensee: ["/requests", "/requests/6", "/albums/1", "/albums/1/wall"],
};

for (const [role, email, details] of [
  ["client staff", DEMO_USERS.client, DETAIL_PAGES.client],
  ["an employee", DEMO_USERS.employee, DETAIL_PAGES.employee],
  ["a licensee", DEMO_USERS.licensee, DETAIL_PAGES.licensee],
] as const) {
  test(`at 390 px wide no page of ${role} scrolls sideways, and each page has its own title`, async ({ page }) => {
    await signIn(page, email);
    const paths = [...new Set([...(await navigationPaths(page)), ...details])];
    const titles = new Map<string, string>();
    for (const path of paths) {
      const res = await page.goto(path);
      expect([path, res?.status()]).toEqual([path, 200]);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect([path, overflow], `${path} scrolls sideways at 390 px`).toEqual([path, 0]);
      titles.set(path, await page.title());
    }
    for (const [path, title] of titles) expect([path, title]).not.toEqual([path, "CoverDesk"]);
    expect(new Set(titles.values()).size, JSON.stringify([...titles], null, 1)).toBe(titles.size);
  });
}

test("at 390 px the queue, notices and outbox tables scroll in their own box, the first column kept in view", async ({
  page,
}) => {
  await signIn(page, DEMO_USERS.employee);
  for (const path of ["/staff/queue", "/staff/notices", "/staff/outbox"]) {
    await page.goto(path);
    const table = page.getByRole("main").locator("table").first();
    const box = table.locator("xpath=..");
    const scrolled = await box.evaluate((el) => {
      el.scrollLeft = el.scrollWidth;
      return el.scrollLeft;
    });
    expect([path, scrolled > 0]).toEqual([path, true]);
    const firstHeader = await table.locator("th").first().boundingBox();
    const boxLeft = (await box.boundingBox())!.x;
    // Still at the box's left edge (inside its 1 px border) after scrolling right.
    expect([path, Math.abs(firstHeader!.x - boxLeft) <= 2]).toEqual([path, true]);
  }
});
