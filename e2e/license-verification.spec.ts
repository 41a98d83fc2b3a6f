import { readFileSync } from "node:fs";
import { pdfText } from "../tests/helpers/pdf-text";
import { expect, test } from "./fixtures";
import { apiKey, DEMO_USERS, signIn } from "./helpers";
import { expectAccessible } from "./portal";

test("a distributor opens the verification page, without signing in, from the code printed on a downloaded license", async ({
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
  await expect(distributor.getByRole("status")).toContainText("Valid: a compulsory mechanical license");
  await expect(distributor.getByText("Licensed units")).toBeVisible();
  await expect(distributor.getByRole("main")).not.toContainText("Demo Records");
  await expectAccessible(distributor);

  await distributor.goto(`/verify/${"A".repeat(22)}`);
  await expect(distributor.getByRole("heading", { level: 1 })).toContainText(/not found/i);
});
