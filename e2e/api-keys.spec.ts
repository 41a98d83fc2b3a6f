import { expect, test } from "./fixtures";
import { DEMO_USERS, signIn } from "./helpers";
import { createApiKey, expectAccessible } from "./portal";

test("a created API key works against GET /api/requests and a revoked one gets 401", async ({ page }) => {
  await signIn(page, DEMO_USERS.client);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "API keys" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "API keys" })).toBeVisible();
  await expectAccessible(page);
  const name = `Distribution system ${Date.now()}`;
  const key = await createApiKey(page, name);
  await expect(page.getByText("it will not be shown again")).toBeVisible();
  await expectAccessible(page);

  const headers = { Authorization: `Bearer ${key}` };
  const ok = await page.request.get("/api/requests", { headers });
  expect(ok.status()).toBe(200);
  expect(Array.isArray(await ok.json())).toBe(true);

  // The list shows the key by its prefix and its last use, never the key itself.
  await page.reload();
  const row = page.getByRole("listitem").filter({ hasText: name });
  await expect(row).toContainText(`${key.slice(0, 11)}…`);
  await expect(row).toContainText("last used");
  await expect(page.getByText(key)).toHaveCount(0);

  await row.getByRole("button", { name: `Revoke ${name}` }).click();
  await row.getByRole("button", { name: `Yes, revoke ${name}` }).click();
  await expect(row).toContainText("Revoked");

  const refused = await page.request.get("/api/requests", { headers });
  expect(refused.status()).toBe(401);
  expect(((await refused.json()) as { code: string }).code).toBe("unauthorized");
});

test("a key needs a name", async ({ page }) => {
  await signIn(page, DEMO_USERS.client);
  await page.goto("/settings/api-keys");
  await page.getByRole("button", { name: "Create key" }).click();
  await expect(page.getByText("Give the key a name")).toBeVisible();
  await expect(page.getByLabel("Name of the new key")).toHaveAttribute("aria-invalid", "true");
});
