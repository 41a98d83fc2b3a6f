import { expect, test } from "@playwright/test";
import { DEMO_USERS, signIn } from "./helpers";

test("an anonymous visitor is sent to the sign-in page", async ({ page }) => {
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole("heading", { name: "Sign in to CoverDesk" })).toBeVisible();
});

test("a wrong password shows an error and keeps the email", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Email").fill(DEMO_USERS.client);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("Wrong email or password.");
  await expect(page.getByLabel("Email")).toHaveValue(DEMO_USERS.client);
  await expect(page).toHaveURL(/\/login/);
});

test("an employee signs in and sees the licensing queue", async ({ page }) => {
  await signIn(page, DEMO_USERS.employee);
  await expect(page.getByRole("heading", { name: "Licensing queue" })).toBeVisible();
  await expect(page.getByText("Service staff")).toBeVisible();
});

test("client staff sign in and see their recent requests", async ({ page }) => {
  await signIn(page, DEMO_USERS.client);
  await expect(page.getByRole("heading", { name: "Your requests by status" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Recent requests" })).toBeVisible();
});

test("a licensee signs in, sees its albums, and signs out", async ({ page }) => {
  await signIn(page, DEMO_USERS.licensee);
  await expect(page.getByRole("heading", { name: "Your albums" })).toBeVisible();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login/);
});
