import { expect, test } from "./fixtures";
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
  // The second user of the demo licensee: signing out ends that user's sessions everywhere.
  await signIn(page, DEMO_USERS.licensee2);
  await expect(page.getByRole("heading", { name: "Your albums" })).toBeVisible();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login/);
});

test("five wrong passwords lock the email out, and staff see the lockout", async ({ page, browser }) => {
  const email = `guesser-${Date.now()}@example.com`; // no user has it: the answers are the same as for a real one
  await page.goto("/login");
  for (let i = 0; i < 5; i++) {
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(`guess-${i}`);
    // Each answer must arrive before the next try (the same message would otherwise already be showing).
    await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/login"),
      page.getByRole("button", { name: "Sign in" }).click(),
    ]);
    await expect(page.getByRole("main").getByRole("alert")).toHaveText(
      i < 4 ? "Wrong email or password." : /Too many failed sign-ins for this email or network/,
    );
    await expect(page.getByLabel("Password")).toHaveValue(""); // the form has taken the answer in
  }
  const staff = await browser.newPage();
  await signIn(staff, DEMO_USERS.employee);
  await staff.goto("/staff/accounts");
  const lockouts = staff.getByRole("region", { name: "Recent sign-in lockouts" });
  await expect(lockouts.getByRole("row").filter({ hasText: email })).toContainText("the email");
  await staff.close();
});
