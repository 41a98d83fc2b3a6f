import { expect, test } from "./fixtures";
import { pdfText } from "../tests/helpers/pdf-text";
import { apiKey, DEMO_USERS, demoLicenseeAlbum, serviceToday, signIn } from "./helpers";
import { mailTo } from "./mail";

const staff = { Authorization: `Bearer ${apiKey("staff")}` };
const client = { Authorization: `Bearer ${apiKey("client")}` };

test("a licensee user is mailed that their request is licensed, and opens the license from the mail", async ({
  page,
  request,
}) => {
  const run = Date.now();
  // The demo licensee's fresh album, its request researched (a song with two owners reachable by mail), paid and served.
  const { trackId } = await demoLicenseeAlbum(request, `Licensed By Mail ${run}`);
  const listed = (await (await request.get("/api/requests?limit=1000", { headers: client })).json()) as {
    id: number;
    trackId: number;
  }[];
  const id = listed.find((r) => r.trackId === trackId)!.id;
  // A statutory license waits for the track's length: 3:00 keeps the royalty at the per-copy minimum.
  const length = await request.patch(`/api/tracks/${trackId}`, {
    headers: client,
    data: [{ op: "replace", path: "/lengthInSeconds", value: 180 }],
  });
  expect(length.status()).toBe(200);
  const song = await request.post("/api/songs", {
    headers: staff,
    data: {
      title: `Mailed License ${run}`,
      writers: ["Mae Writer"],
      confirmDuplicate: true,
      owners: [
        { name: "Mailbox Music", postalAddress: "1 Mailbox Way\nNashville, TN 37203", share: 60 },
        { name: "Letterbox Songs", postalAddress: "2 Letterbox Lane\nAustin, TX 78701", share: 40 },
      ],
    },
  });
  expect(song.status()).toBe(201);
  const { id: songId, owners } = (await song.json()) as { id: number; owners: { id: number }[] };
  const step = async (path: string, data: unknown) =>
    expect((await request.post(path, { headers: staff, data })).status()).toBe(200);
  await step(`/api/requests/${id}/link-song`, { songId });
  await step(`/api/requests/${id}/status`, { code: "ready" });
  await step(`/api/requests/${id}/status`, { code: "need_payment" });
  const issued = await request.post("/api/invoices", { headers: client, data: { requestIds: [id] } });
  expect(issued.status()).toBe(201);
  const invoice = (await issued.json()) as { id: number; number: string; due: string };
  if (invoice.due !== "0.00") {
    const paid = await request.post(`/api/invoices/${invoice.id}/payments`, {
      headers: staff,
      data: { amount: invoice.due, reference: `E2E ${invoice.number}`, receivedOn: serviceToday() },
    });
    expect(paid.status()).toBe(201);
  }
  // Paid in full, licensing began by itself; the last notice served licenses the request.
  for (const owner of owners)
    await step(`/api/requests/${id}/owners/${owner.id}/notice`, { method: "mail", carrier: "USPS" });

  const mail = await mailTo(DEMO_USERS.licensee, `Request #${id} is licensed`);
  expect(mail.text).toContain("Jolene");
  expect(mail.text).not.toMatch(/\$|\binvoices?\b|\bbalance\b|\bfees?\b/i);
  const link = /https?:\/\/\S+\/api\/requests\/\d+\/license/.exec(mail.text)?.[0];
  expect(link, "the mail links to the license").toBeDefined();
  const { pathname } = new URL(link!);
  expect(pathname).toBe(`/api/requests/${id}/license`);

  // Followed signed out, the link asks them to sign in first and returns to it.
  await page.goto(pathname);
  await expect(page).toHaveURL(new RegExp(`/login\\?callbackUrl=${encodeURIComponent(pathname)}$`));
  // Signed in, it is their license.
  await signIn(page, DEMO_USERS.licensee);
  const license = await page.request.get(pathname);
  expect(license.status()).toBe(200);
  expect(license.headers()["content-type"]).toBe("application/pdf");
  const text = (await pdfText(await license.body())).replace(/\s+/g, " ");
  expect(text).toContain(`Request ${id}, licensed on`);
});
