import { expect, type APIRequestContext } from "@playwright/test";
import { apiKey } from "./helpers";

const staff = () => ({ Authorization: `Bearer ${apiKey("staff")}` });

/** A catalog song with two owners, linked to the request, which is then made ready and waits for payment. */
export async function readyForPayment(request: APIRequestContext, requestId: number, title: string) {
  const song = await request.post("/api/songs", {
    headers: staff(),
    data: {
      title,
      writers: ["Mae Ledger"],
      owners: [
        {
          name: `${title} Publishing`,
          email: "ledger@example.com",
          postalAddress: "1 Ledger Lane\nDover, DE 19901",
          share: 66.67,
        },
        { name: `${title} Songs`, postalAddress: "5 Ledger Lane\nDover, DE 19901", share: 33.33 },
      ],
    },
  });
  expect(song.status()).toBe(201);
  const { id: songId, owners } = (await song.json()) as { id: number; owners: { id: number }[] };
  expect(
    (await request.post(`/api/requests/${requestId}/link-song`, { headers: staff(), data: { songId } })).status(),
  ).toBe(200);
  for (const code of ["ready", "need_payment"]) {
    expect(
      (await request.post(`/api/requests/${requestId}/status`, { headers: staff(), data: { code } })).status(),
    ).toBe(200);
  }
  return owners;
}
