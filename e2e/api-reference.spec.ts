import { expect, test } from "./fixtures";
import { apiKey } from "./helpers";
import { expectAccessible } from "./portal";

test("the API reference is readable signed out, and Try it sends a real call with the key given", async ({ page }) => {
  await page.goto("/docs/api");
  await expect(page.getByRole("heading", { name: "CoverDesk API reference" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Requests", level: 2 })).toBeVisible();
  await expectAccessible(page);

  const list = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: "GET /api/requests", exact: true }) });
  await list.getByText("Try it", { exact: true }).click();
  await list.getByRole("button", { name: "Send" }).click();
  await expect(list.getByRole("status")).toContainText("Answer: 401");
  await expect(list.getByRole("status")).toContainText('"code": "unauthorized"');

  await page.getByLabel("API key for “Try it”").fill(apiKey("client"));
  await list.getByRole("button", { name: "Send" }).click();
  await expect(list.getByRole("status")).toContainText("Answer: 200");
  await expect(list.getByRole("status")).toContainText('"licenseeId"');
  await expectAccessible(page);
});

test("the OpenAPI document is served without a key", async ({ request }) => {
  const res = await request.get("/api/openapi.json");
  expect(res.status()).toBe(200);
  const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
  expect(doc.openapi).toBe("3.1.0");
  expect(Object.keys(doc.paths)).toContain("/api/requests/{id}");
});
