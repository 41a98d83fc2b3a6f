import { readFileSync } from "node:fs";
import { pdfText } from "../tests/helpers/pdf-text";
import { expect, test } from "./fixtures";
import { apiKey, DEMO_USERS, signIn } from "./helpers";
import { expectAccessible } from "./portal";

test("a distributor opens the verification page, without signing in, from the code printed on a downloaded license, and a wrong code is a public 404", async ({
  page,
  browser,
  request,
}) => {
  const licensed = await request.get("/api/requests?status=licensed", {
    headers: { Authorization: `Bearer ${apiKey("client")}` },
  });
  const [first] = (await licensed.json()) as { id: number }[];
  expect(first).toBeDefined();

  await signIn(page, DEMO_USERS.client);
  await page.goto(`/requests/${first!.id}`);
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download the license (PDF)" }).click();
  const text = (await pdfText(readFileSync(await (await downloading).path()))).replace(/\s+/g, " ");
  const code = /Verification code ([A-Za-z0-9_-]{22})/.exec(text)?.[1];
  expect(code, "the license prints its verification code").toBeDefined();
  expect(text).toContain(`/verify/${code}`);

  const distributor = await (await browser.newContext()).newPage();
  await distributor.goto(`/verify/${code}`);
  await expect(distributor).toHaveURL(new RegExp(`/verify/${code}$`));
  await expect(distributor.getByRole("heading", { level: 1, name: "Verify a license" })).toBeVisible();
  await expect(distributor.getByRole("status")).toHaveText(
    "Confirmation of compulsory license (17 U.S.C. § 115): valid.",
  );
  await expect(distributor.getByRole("main")).not.toContainText(/issued by/i);
  await expect(distributor.getByText("Licensed units")).toBeVisible();
  await expect(distributor.getByRole("main")).not.toContainText("Demo Records");
  await expectAccessible(distributor);

  // A wrong code is the public page's own 404: nothing asks the distributor to sign in or points to the portal.
  const wrong = await distributor.goto(`/verify/${"A".repeat(22)}`);
  expect(wrong?.status()).toBe(404);
  await expect(distributor.getByRole("heading", { level: 1 })).toHaveText("No such license");
  await expect(distributor.getByRole("main")).toContainText("No license has this verification code.");
  await expect(distributor.getByRole("main")).not.toContainText(/sign in|dashboard|another account/i);
  await expect(distributor.getByRole("link", { name: /sign in/i })).toHaveCount(0);
  await expectAccessible(distributor);
});
