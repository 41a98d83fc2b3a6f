import { beforeAll, describe, expect, it } from "vitest";
import * as albumsRoute from "@/app/api/albums/route";
import * as feeScheduleRoute from "@/app/api/fee-schedule/route";
import * as formatsRoute from "@/app/api/formats/route";
import * as invoiceRoute from "@/app/api/invoices/[id]/route";
import * as quotesRoute from "@/app/api/quotes/route";
import * as requestsRoute from "@/app/api/requests/route";
import * as reorderRoute from "@/app/api/tracks/[id]/requests/route";
import { call, clientKey, staffKey } from "../helpers/api";
import { COMPLETE_LICENSEE, fileRequest, requestBody } from "../helpers/fixtures";
import { issueAlbumInvoice, issueInvoice } from "../helpers/money";
import { errorPaths, expectProblem } from "../helpers/problem";
import { writeMarks } from "../helpers/row-counts";
import { addSong, linkSong, setStatus } from "../helpers/staff";
import { setupTestDb } from "../helpers/test-db";

// Rates are seeded through 2026; the default fee schedule: $16.99 a song, reorders at half, 10% off from an
// invoice's 10th song (docs/money.md).
const db = setupTestDb();
let keys: { client: string; staff: string };
let accountId: number;
let song: Awaited<ReturnType<typeof addSong>>;

beforeAll(async () => {
  const client = await clientKey(db(), "Quote Records");
  keys = { client: client.key, staff: await staffKey(db()) };
  accountId = client.accountId;
  song = await addSong(keys.staff);
});

/** The paths a refusal names, once it is the problem expected. */
function refused(res: Awaited<ReturnType<typeof call>>, status: number, code: string) {
  expectProblem(res, status, code);
  return errorPaths(res);
}

const quote = (body: unknown, key = keys.client) => call(quotesRoute.POST, "POST", "/api/quotes", { key, body });

/** Every table but the caller's key and its rate-limit window (each call counts against them). */
async function marks() {
  const all = await writeMarks(db());
  delete all.api_keys;
  delete all.rate_limit_windows;
  return all;
}

type View = {
  id: number;
  songLinked: boolean;
  medley: { kind: string } | null;
  royalty: unknown;
  amountDue: Record<string, unknown>;
};
type Line = { kind: string; description: string; units: number | null; royalty: string; fee: string; amount: string };

const songTrack = (title: string, lengthInSeconds = 200) => ({
  song: { title, originalRecordingArtist: "The Test Band" },
  lengthInSeconds,
});
const newAlbum = (title: string) => ({ title, artist: "The Test Band", licensee: { ...COMPLETE_LICENSEE } });

/** Links and moves each request that owes something to need_payment (a medley whole follows its parts). */
async function awaitPayment(views: View[]) {
  for (const v of views.filter((r) => r.medley?.kind !== "whole")) {
    // A reorder's track is linked already, and so is its request.
    if (!v.songLinked) expect((await linkSong(keys.staff, v.id, song.id)).status).toBe(200);
    expect((await setStatus(keys.staff, v.id, { code: "ready" })).status).toBe(200);
    expect((await setStatus(keys.staff, v.id, { code: "need_payment" })).status).toBe(200);
  }
}

type Prepared = { body: Record<string, unknown>; file: () => Promise<View[]>; albumInvoice: boolean };
type Case = {
  name: string;
  /** The body quoted, and how to file it for real: the filed request views and the invoice's id once issued. */
  prepare: () => Prepared | Promise<Prepared>;
};

const CASES: Case[] = [
  {
    name: "an album with a medley",
    prepare: () => {
      const body = {
        album: newAlbum("Quoted Medleys"),
        release: { formatId: 1001, releaseQuantity: 500 },
        tracks: [
          songTrack("Opening Song", 125),
          {
            medley: {
              ...songTrack("The Medley", 400),
              parts: [songTrack("First Part", 170), songTrack("Second Part", 350)],
            },
          },
        ],
      };
      return {
        body,
        albumInvoice: true,
        file: async () => {
          const res = await call(albumsRoute.POST, "POST", "/api/albums", { key: keys.client, body });
          expect(res.status).toBe(201);
          return res.body.requests as View[];
        },
      };
    },
  },
  {
    name: "a single request",
    prepare: () => {
      const body = requestBody({ track: { externalTrackId: "q-single", lengthInSeconds: 330 } });
      return {
        body,
        albumInvoice: false,
        file: async () => [(await fileRequest(keys.client, body)) as unknown as View],
      };
    },
  },
  {
    name: "a reorder",
    prepare: async () => {
      const initial = await fileRequest(keys.client, requestBody({ track: { externalTrackId: "q-reorder" } }));
      expect((await linkSong(keys.staff, initial.id, song.id)).status).toBe(200);
      const reorder = { formatId: 1005, releaseQuantity: 300 };
      return {
        body: { trackId: initial.trackId, ...reorder },
        albumInvoice: false,
        file: async () => {
          const res = await call(reorderRoute.POST, "POST", `/api/tracks/${initial.trackId}/requests`, {
            key: keys.client,
            params: { id: String(initial.trackId) },
            body: reorder,
          });
          expect(res.status).toBe(201);
          return res.body as View[];
        },
      };
    },
  },
  {
    name: "a provisional year",
    prepare: () => {
      const body = requestBody({
        track: { releases: [{ formatId: 1002, releaseQuantity: 1000, releaseMonth: 12, releaseYear: 2027 }] },
      });
      return {
        body,
        albumInvoice: false,
        file: async () => [(await fileRequest(keys.client, body)) as unknown as View],
      };
    },
  },
  {
    name: "a discount tier (ten songs on one invoice)",
    prepare: () => {
      const body = {
        album: newAlbum("Quoted Ten"),
        release: { formatId: 1002, releaseQuantity: 2000 },
        tracks: Array.from({ length: 10 }, (_, i) => songTrack(`Song ${i + 1}`, 150 + 20 * i)),
      };
      return {
        body,
        albumInvoice: true,
        file: async () => {
          const res = await call(albumsRoute.POST, "POST", "/api/albums", { key: keys.client, body });
          expect(res.status).toBe(201);
          return res.body.requests as View[];
        },
      };
    },
  },
];

describe("POST /api/quotes", () => {
  it.each(CASES)("quotes $name as filing it and then invoicing it charges, and files nothing", async ({ prepare }) => {
    const { body, file, albumInvoice } = await prepare();
    const before = await marks();
    const res = await quote(body);
    expect(res.status).toBe(200);
    expect(await marks()).toEqual(before);

    const filed = await file();
    expect(res.body.requests).toHaveLength(filed.length);
    filed.forEach((view, i) => {
      // Just filed, every owner is payable: nothing of it is left out.
      expect({ ...res.body.requests[i].royalty, notPayable: "0.00", notPayableOwners: [] }).toEqual(view.royalty);
      const { royalty, fee, officeFee, total, currency, provisional } = view.amountDue;
      expect(res.body.requests[i].amountDue).toEqual({ royalty, fee, officeFee, total, currency, provisional });
    });
    await awaitPayment(filed);
    const issued = albumInvoice
      ? await issueAlbumInvoice(keys.client, (filed[0] as unknown as { albumId: number }).albumId)
      : await issueInvoice(
          keys.client,
          filed.map((f) => f.id),
        );
    expect(issued.status).toBe(201);
    const invoice = (
      await call(invoiceRoute.GET, "GET", `/api/invoices/${issued.body.id}`, {
        key: keys.client,
        params: { id: String(issued.body.id) },
      })
    ).body as { total: string; lines: (Line & { provisional: boolean })[] };
    expect(res.body.total).toBe(invoice.total);
    const shown = (l: Line & { provisional: boolean }) => ({
      kind: l.kind,
      description: l.description,
      units: l.units,
      royalty: l.royalty,
      fee: l.fee,
      amount: l.amount,
      provisional: l.provisional,
    });
    expect(res.body.lines.map(shown)).toEqual(invoice.lines.map(shown));
  });

  it("names the discount, the provisional royalty and the Office's fee note", async () => {
    const ten = await CASES[4]!.prepare();
    const tiered = (await quote(ten.body)).body;
    expect(tiered).toMatchObject({ fee: "169.90", discount: "1.70", provisional: false, officeFeeNote: null });
    expect(tiered.lines.at(-1)).toMatchObject({ kind: "volume_discount", request: null, fee: "-1.70" });

    const provisional = (await quote((await CASES[3]!.prepare()).body)).body;
    expect(provisional.provisional).toBe(true);
    expect(provisional.requests[0].royalty.provisionalReason).toBe(
      "No rate published for 2027 yet: priced at the 2026 rate; repriced when the rate is published",
    );

    const medleys = (await quote((await CASES[0]!.prepare()).body)).body;
    expect(medleys.requests.map((r: { medley: string | null }) => r.medley)).toEqual([null, "whole", "part", "part"]);
    expect(medleys.requests[1].amountDue.total).toBe("0.00");
    expect(medleys.lines).toHaveLength(3);
    expect(medleys.officeFeeNote).toBe(
      "If an owner can't be found, the Copyright Office's filing fee of $75.00 per title is billed.",
    );
  });

  it("gives a reorder's tracks their ids and new tracks none", async () => {
    const reorder = await CASES[2]!.prepare();
    const res = await quote(reorder.body);
    expect(res.body.requests[0]).toMatchObject({ trackId: reorder.body.trackId, kind: "reorder" });
    expect((await quote(requestBody())).body.requests[0]).toMatchObject({ trackId: null, externalTrackId: "ext-1" });
  });

  const REFUSALS: { name: string; body: Record<string, unknown>; filing: "requests" | "albums" | "reorder" }[] = [
    { name: "a request without a song title", body: requestBody({ track: { song: {} } }), filing: "requests" },
    {
      name: "a request on an album that is not there",
      body: requestBody({ track: { album: { id: 999_999 } } }),
      filing: "requests",
    },
    {
      name: "an album with an unknown format",
      body: { album: newAlbum("Bad"), release: { formatId: 42, releaseQuantity: 1 }, tracks: [songTrack("A")] },
      filing: "albums",
    },
    { name: "a reorder of no units", body: { formatId: 1002, releaseQuantity: 0 }, filing: "reorder" },
  ];

  it.each(REFUSALS)("refuses $name as the filing does, at the same paths", async ({ body, filing }) => {
    const { trackId } = await fileRequest(keys.client);
    const filed =
      filing === "requests"
        ? await call(requestsRoute.POST, "POST", "/api/requests", { key: keys.client, body })
        : filing === "albums"
          ? await call(albumsRoute.POST, "POST", "/api/albums", { key: keys.client, body })
          : await call(reorderRoute.POST, "POST", `/api/tracks/${trackId}/requests`, {
              key: keys.client,
              params: { id: String(trackId) },
              body,
            });
    expect(filed.status).toBeGreaterThanOrEqual(400);
    const before = await marks();
    const quoted = await quote(filing === "reorder" ? { trackId, ...body } : body);
    expectProblem(quoted, filed.status, filed.body.code);
    expect(errorPaths(quoted)).toEqual(errorPaths(filed));
    expect(await marks()).toEqual(before);
  });

  it("refuses a body of no filing's shape, and a reorder of another account's track as not found", async () => {
    expect(refused(await quote({ formatId: 1002 }), 400, "validation_failed")).toEqual([""]);
    expect(refused(await quote({ ...requestBody(), tracks: [] }), 400, "validation_failed")).toEqual([""]);
    const other = await clientKey(db(), "Other Quotes");
    const { trackId } = await fileRequest(other.key);
    const res = await quote({ trackId, formatId: 1002, releaseQuantity: 10 });
    expect(refused(res, 404, "not_found")).toEqual(["trackId"]);
  });

  it("quotes for the account a staff key names, and only a staff key names one", async () => {
    const asClient = await quote(requestBody());
    const asStaff = await quote({ ...requestBody(), accountId }, keys.staff);
    expect(asStaff.status).toBe(200);
    expect(asStaff.body).toEqual(asClient.body);
    expect(refused(await quote(requestBody(), keys.staff), 400, "validation_failed")).toEqual(["accountId"]);
    expect(refused(await quote({ ...requestBody(), accountId }), 400, "validation_failed")).toEqual(["accountId"]);
    const missing = await quote({ ...requestBody(), accountId: 999_999 }, keys.staff);
    expect(refused(missing, 404, "not_found")).toEqual(["accountId"]);
  });
});

describe("what a client reads to price a filing", () => {
  it("GET /api/fee-schedule: the schedule in force, who set it only to the staff", async () => {
    const asClient = await call(feeScheduleRoute.GET, "GET", "/api/fee-schedule", { key: keys.client });
    expect(asClient.status).toBe(200);
    expect(asClient.body).toMatchObject({ songFee: "16.99", reorderPercent: 50 });
    expect(asClient.body).not.toHaveProperty("changedBy");
    const asStaff = await call(feeScheduleRoute.GET, "GET", "/api/fee-schedule", { key: keys.staff });
    expect(asStaff.body).toHaveProperty("changedBy");
  });

  it("GET /api/formats: a statutory format names the latest year's rates", async () => {
    const res = await call(formatsRoute.GET, "GET", "/api/formats", { key: keys.client });
    const byId = new Map((res.body as { id: number; royalty: unknown }[]).map((f) => [f.id, f.royalty]));
    expect(byId.get(1001)).toEqual({ kind: "statutory", year: 2026, perCopy: "0.1310", perMinute: "0.0252" });
    expect(byId.get(1004)).toEqual({ kind: "fixed", perUnit: "0.2400" });
  });
});
