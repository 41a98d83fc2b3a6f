import { expect, test } from "./fixtures";

test("the layout links the favicon, app icons and manifest, and each is served", async ({ page, request }) => {
  await page.goto("/login");
  const hrefs = await page
    .locator('head link[rel="icon"], head link[rel="apple-touch-icon"], head link[rel="manifest"]')
    .evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).getAttribute("href")));
  expect(hrefs).toEqual(
    expect.arrayContaining(["/favicon.ico", "/icon.svg", "/apple-touch-icon.png", "/site.webmanifest"]),
  );
  for (const [path, type] of [
    ["/favicon.ico", "image/x-icon"],
    ["/icon.svg", "image/svg+xml"],
    ["/apple-touch-icon.png", "image/png"],
    ["/icon-192.png", "image/png"],
    ["/icon-512.png", "image/png"],
  ] as const) {
    const res = await request.get(path);
    expect([path, res.status(), res.headers()["content-type"]]).toEqual([path, 200, expect.stringContaining(type)]);
  }
  const manifest = (await (await request.get("/site.webmanifest")).json()) as { icons: { src: string }[] };
  for (const icon of manifest.icons) expect((await request.get(icon.src)).status()).toBe(200);
});

test("robots.txt keeps the portal out of search engines, and pages say noindex too", async ({ page, request }) => {
  const robots = await request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toMatch(/User-agent: \*\s+Disallow: \/\s*$/m);
  await page.goto("/login");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
});
