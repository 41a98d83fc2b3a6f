import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { expect, test } from "./fixtures";
import { freshClientAccount } from "./accounts";
import { apiKey } from "./helpers";
import { expectAccessible, fileRequestViaApi } from "./portal";

type Received = { headers: Record<string, string>; body: string };

/** A receiver the test starts on 127.0.0.1 (the e2e server allows it: WEBHOOK_ALLOWED_ADDRESSES). */
async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      received.push({ headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])), body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/coverdesk`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test("an admin registers an endpoint, keeps its secret, and sees a status change delivered, signed, then resends it", async ({
  browser,
}) => {
  // An account of its own: every event of the demo account's requests, filed by any test meanwhile, would reach it.
  const { admin: page, key } = await freshClientAccount(browser, "Webhook Records");
  const receiver = await startReceiver();
  try {
    await page.goto("/dashboard");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Webhooks" }).click();
    await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel("Endpoint URL").fill(receiver.url);
    await expect(page.getByRole("checkbox", { name: /request\.status_changed/ })).toBeChecked();
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await expect(page.getByText("it will not be shown again")).toBeVisible();
    const secret = await page.getByLabel("Signing secret").inputValue();
    expect(secret).toMatch(/^whsec_/);
    await expectAccessible(page);

    const filed = await fileRequestViaApi(page, key, `Webhook song ${Date.now()}`);
    const moved = await page.request.post(`/api/requests/${filed.id}/status`, {
      headers: { Authorization: `Bearer ${apiKey("staff")}` },
      data: { code: "need_info", note: "Which version do you cover?" },
    });
    expect(moved.status()).toBe(200);

    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(1);
    const [first] = receiver.received;
    const event = new Webhook(secret).verify(first!.body, first!.headers) as {
      type: string;
      data: { to: string; request: { id: number } };
    };
    expect(event).toMatchObject({
      type: "request.status_changed",
      data: { to: "need_info", request: { id: filed.id } },
    });

    // The log lists it; the secret is not shown again.
    await page.reload();
    await expect(page.getByText(secret)).toHaveCount(0);
    const endpoint = page.getByRole("article", { name: receiver.url });
    const row = endpoint.getByRole("row").filter({ hasText: `request #${filed.id}` });
    await expect(row).toContainText("Sent");
    await expect(row).toContainText("204");
    await expectAccessible(page);

    await row.getByRole("button", { name: /^Resend request\.status_changed/ }).click();
    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(2);
    expect(receiver.received[1]!.headers["webhook-id"]).toBe(first!.headers["webhook-id"]);
    await page.reload();
    await expect(
      page
        .getByRole("article", { name: receiver.url })
        .getByRole("row")
        .filter({ hasText: `request #${filed.id}` }),
    ).toContainText("Sent");
  } finally {
    await receiver.close();
  }
});
