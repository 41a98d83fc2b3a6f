import { expect, test } from "./fixtures";
import { apiKey, DEMO_USERS, invoiceAndPay, signIn } from "./helpers";
import { expectAccessible, fileRequestViaApi } from "./portal";

test("paid requests begin licensing by themselves; an unpaid one is refused from the queue; all notices are served at once", async ({
  page,
  request,
}) => {
  const staff = { Authorization: `Bearer ${apiKey("staff")}` };
  const stamp = `Bulk ${Date.now()}`;
  const song = await request.post("/api/songs", {
    headers: staff,
    data: {
      title: `${stamp} song`,
      writers: ["Bea Bulk"],
      owners: [
        { name: "Bulk Music", postalAddress: "1 Bulk Street\nErie, PA 16501", share: 50 },
        { name: "Many Songs", postalAddress: "2 Many Road\nErie, PA 16501", share: 50 },
      ],
    },
  });
  const { id: songId } = (await song.json()) as { id: number };
  // Three requests waiting for payment and paid, and a fourth waiting for payment and not paid.
  const ids: number[] = [];
  for (const letter of ["A", "B", "C", "D"]) {
    const { id } = await fileRequestViaApi(page, apiKey("client"), `${stamp} ${letter}`);
    expect((await request.post(`/api/requests/${id}/link-song`, { headers: staff, data: { songId } })).status()).toBe(
      200,
    );
    for (const code of ["ready", "need_payment"]) {
      expect((await request.post(`/api/requests/${id}/status`, { headers: staff, data: { code } })).status()).toBe(200);
    }
    if (letter !== "D") await invoiceAndPay(request, id);
    ids.push(id);
  }
  const unpaid = ids.at(-1)!;

  await signIn(page, DEMO_USERS.employee);
  // Only the unpaid one still waits for payment; beginning it by hand is refused.
  await page.goto(`/staff/queue?q=${encodeURIComponent(stamp)}&status=need_payment`);
  await expect(page.getByRole("checkbox", { name: /^Select request/ })).toHaveCount(1);
  await page.getByRole("checkbox", { name: `Select request #${unpaid}` }).check();
  const bar = page.getByRole("form", { name: "Move the selected requests" });
  await bar.getByLabel("Move", { exact: true }).selectOption({ label: "Begin licensing" });
  await bar.getByRole("button", { name: "Apply to the selected requests" }).click();
  await expect(
    bar.getByText("Begin licensing on 1 request? This locks each one’s album, track and release for good"),
  ).toBeVisible();
  await bar.getByRole("button", { name: "Yes, begin licensing" }).click();
  const results = bar.getByRole("status");
  await expect(results).toContainText("0 of 1 request done.");
  await expect(results).toContainText(`#${unpaid}: refused:`);
  await expectAccessible(page);

  await page.goto(`/staff/queue?q=${encodeURIComponent(stamp)}&status=in_progress`);
  await expect(page.getByRole("checkbox", { name: /^Select request/ })).toHaveCount(3);
  for (const id of ids.slice(0, 3)) await page.getByRole("checkbox", { name: `Select request #${id}` }).check();
  await bar.getByLabel("Move", { exact: true }).selectOption({ label: "Mark every open notice served" });
  await bar.getByLabel("How", { exact: true }).selectOption({ label: "by mail" });
  await bar.getByLabel("Carrier").fill("USPS");
  await bar.getByRole("button", { name: "Apply to the selected requests" }).click();
  await expect(results).toContainText("3 of 3 requests done.");

  for (const id of ids) {
    const view = await request.get(`/api/requests/${id}`, { headers: staff });
    expect(((await view.json()) as { status: { code: string } }).status.code).toBe(
      id === unpaid ? "need_payment" : "licensed",
    );
  }
});

test("an employee serves every notice of last week's paid album on the day the letters went out, the day it was filed", async ({
  page,
  request,
}) => {
  const staff = { Authorization: `Bearer ${apiKey("staff")}` };
  await signIn(page, DEMO_USERS.employee);
  // The demo's album of three tracks, filed eight days ago and paid, which began its licensing: the queue's next batch.
  await page.goto(`/staff/queue?q=${encodeURIComponent("Quayside Sessions")}&status=in_progress`);
  const boxes = page.getByRole("checkbox", { name: /^Select request #\d+$/ });
  await expect(boxes).toHaveCount(3);
  const ids = (await boxes.evaluateAll((els) => els.map((el) => el.getAttribute("aria-label") ?? ""))).map((label) =>
    Number(label.replace(/\D/g, "")),
  );
  for (const box of await boxes.all()) await box.check();
  const bar = page.getByRole("form", { name: "Move the selected requests" });
  await bar.getByLabel("Move", { exact: true }).selectOption({ label: "Mark every open notice served" });
  const servedOn = bar.getByLabel("Served on");
  const today = await servedOn.getAttribute("max");
  // The letters went out the day the album was filed (eight days ago): on time, whatever its release month.
  const filedOn = new Date(Date.parse(`${today}T00:00:00Z`) - 8 * 86_400_000).toISOString().slice(0, 10);
  await servedOn.fill(filedOn);
  await bar.getByLabel("How", { exact: true }).selectOption({ label: "by mail" });
  await bar.getByLabel("Carrier").fill("USPS Certified Mail");
  await bar.getByLabel("Note on each notice, for staff (optional)").fill("Certified letters, posted together");
  await bar.getByRole("button", { name: "Apply to the selected requests" }).click();
  await expect(bar.getByRole("status")).toContainText("3 of 3 requests done.");
  await expectAccessible(page);

  for (const id of ids) {
    const notices = (await (await request.get(`/api/requests/${id}/notices`, { headers: staff })).json()) as {
      servedOn: string;
      method: string;
    }[];
    expect(notices.length).toBeGreaterThan(0);
    expect(notices.map((n) => [n.servedOn, n.method])).toEqual(notices.map(() => [filedOn, "mail"]));
    const view = (await (await request.get(`/api/requests/${id}`, { headers: staff })).json()) as {
      status: { code: string };
    };
    expect(view.status.code).toBe("licensed");
  }
  // The request page's notices table says when and how.
  await page.goto(`/staff/requests/${ids[0]}`);
  const day = new Date(`${filedOn}T12:00:00Z`).toLocaleDateString("en-US", {
    dateStyle: "medium",
    timeZone: "UTC",
  });
  await expect(page.getByRole("table", { name: "Notices of intention" })).toContainText(`Served by mail on ${day}`);
});
