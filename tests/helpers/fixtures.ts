import * as requestsRoute from "@/app/api/requests/route";
import { call } from "./api";

/**
 * A new licensee with every detail its notices state (docs/product-rules.md, "Licensee details and agency"), so its
 * requests may begin licensing; spread it under another name to keep that.
 */
export const COMPLETE_LICENSEE: Readonly<Record<string, string>> = Object.freeze({
  companyName: "Test Licensee LLC",
  lastName: "Doe",
  email: "licensee@example.com",
  officers: "Jane Doe, president",
  phone1: "+1 512 555 0100",
  address: "100 Congress Avenue",
  city: "Austin",
  state: "TX",
  zip: "78701",
  country: "US",
});

/** A valid initial-request body (new licensee, album and release); override any part. */
export function requestBody(overrides: { track?: Record<string, unknown> } = {}) {
  return {
    track: {
      album: {
        title: "Covers Vol. 1",
        artist: "The Test Band",
        // A copy each time: files of a worker share this module, and a test may change the body it is given.
        licensee: { ...COMPLETE_LICENSEE },
      },
      externalTrackId: "ext-1",
      lengthInSeconds: 200,
      releases: [{ formatId: 1002, releaseQuantity: 1000 }],
      song: { title: "Yesterday", originalRecordingArtist: "The Beatles" },
      ...overrides.track,
    },
  };
}

/** Files an initial request through the real route handler and returns the created request. */
export async function fileRequest(key: string, body: unknown = requestBody()) {
  const res = await call(requestsRoute.POST, "POST", "/api/requests", { key, body });
  if (res.status !== 201) throw new Error(`fileRequest failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as {
    id: number;
    licenseeId: string;
    albumId: number;
    trackId: number;
    releaseId: number;
    status: { code: string };
    royalty: { perUnit: string; quantity: number; total: string; currency: string };
  };
}
