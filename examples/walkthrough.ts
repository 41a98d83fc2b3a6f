// The worked session of docs/api-guide.md through the typed client (lib/client): `walkthrough(baseUrl, { client, staff })` with
// a client key and a staff key. It type-checks in `npm run typecheck` and e2e/docs-examples.spec.ts runs it against a
// real server.
import { coverDeskClient, type Schema } from "@/lib/client";

/** The answer's data, or an error naming the problem's code. */
function ok<T>(answer: { data?: T; error?: unknown; response: Response }): T {
  if (answer.data === undefined) throw new Error(`${answer.response.status} ${JSON.stringify(answer.error)}`);
  return answer.data;
}

export async function walkthrough(baseUrl: string, keys: { client: string; staff: string }) {
  const client = coverDeskClient({ baseUrl, apiKey: keys.client });
  const staff = coverDeskClient({ baseUrl, apiKey: keys.staff });

  // 1. File an initial request: new licensee, album, track and release.
  const filed: Schema<"Request"> = ok(
    await client.POST("/api/requests", {
      headers: { "Idempotency-Key": `walkthrough-${Date.now()}` },
      body: {
        track: {
          album: {
            title: "Covers Vol. 1",
            artist: "The Demo Band",
            // Every detail its notices of intention state, so licensing can begin.
            licensee: {
              companyName: "Demo Band LLC",
              lastName: "Doe",
              email: "doe@example.com",
              officers: "Jane Doe, managing member",
              phone1: "+1 512 555 0100",
              address: "100 Congress Avenue",
              city: "Austin",
              state: "TX",
              zip: "78701",
              country: "US",
            },
          },
          lengthInSeconds: 185,
          releases: [{ formatId: 1002, releaseQuantity: 1000 }],
          song: { title: "Yesterday", originalRecordingArtist: "The Beatles" },
        },
      },
    }),
  );
  const track = { params: { path: { id: filed.trackId } } };

  // 2. Reorder 500 CDs: a new release, a new request per track of the album.
  const reorders = ok(
    await client.POST("/api/tracks/{id}/requests", { ...track, body: { releaseQuantity: 500, formatId: 1001 } }),
  );

  // 3. Patch the album; a release date in the past is refused with its code.
  ok(
    await client.PATCH("/api/albums/{id}", {
      params: { path: { id: filed.albumId } },
      body: [{ op: "replace", path: "title", value: "Covers, Volume One" }],
    }),
  );
  const past = await client.PATCH("/api/tracks/{id}/releases/{releaseId}", {
    params: { path: { id: filed.trackId, releaseId: filed.releaseId } },
    body: [
      { op: "replace", path: "releaseMonth", value: 1 },
      { op: "replace", path: "releaseYear", value: 2020 },
    ],
  });
  if (past.error?.code !== "release_date_in_past")
    throw new Error(`expected release_date_in_past, got ${past.response.status}`);

  // 4. Album wall: post, list, delete.
  const post = ok(
    await client.POST("/api/tracks/{id}/wallposts", {
      ...track,
      body: { message: "The licensee confirmed the arrangement is unchanged.", isPrivate: false },
    }),
  );
  const posts = ok(
    await client.GET("/api/tracks/{id}/wallposts", {
      params: { path: { id: filed.trackId }, query: { limit: 20, sort: "desc" } },
    }),
  );
  await client.DELETE("/api/tracks/{id}/wallposts/{wallPostId}", {
    params: { path: { id: filed.trackId, wallPostId: post.id } },
  });

  // 5. Research (staff): link the catalog's song when it is already there, else add it first.
  const request = { params: { path: { id: filed.id } } };
  const yesterday = { title: "Yesterday", writers: ["John Lennon", "Paul McCartney"] };
  const { matches } = ok(await staff.GET("/api/requests/{id}/song-matches", request));
  const known = matches.find((m) => m.title === yesterday.title && m.writers.join() === yesterday.writers.join());
  const songId =
    known?.songId ??
    ok(
      await staff.POST("/api/songs", {
        body: {
          ...yesterday,
          owners: [
            {
              name: "Sony Music Publishing",
              email: "mechanicals@example.com",
              postalAddress: "25 Madison Avenue, New York, NY 10010",
              share: 100,
            },
          ],
        },
      }),
    ).id;
  ok(await staff.POST("/api/requests/{id}/link-song", { ...request, body: { songId } }));

  // 6. Statuses, payment, notices: licensed once the last notice is served.
  ok(await staff.POST("/api/requests/{id}/status", { ...request, body: { code: "ready" } }));
  ok(await staff.POST("/api/requests/{id}/status", { ...request, body: { code: "need_payment" } }));
  const invoice = ok(await client.POST("/api/invoices", { body: { requestIds: [filed.id] } }));
  ok(
    await staff.POST("/api/invoices/{id}/payments", {
      params: { path: { id: invoice.id } },
      body: { amount: invoice.due, reference: "TRF 4411" }, // received today: receivedOn may name another day
    }),
  );
  // Paid in full: licensing has begun by itself (one notice per owner).
  let licensed: Schema<"Request"> = filed;
  for (const notice of ok(await staff.GET("/api/requests/{id}/notices", request))) {
    licensed = ok(
      await staff.POST("/api/requests/{id}/owners/{ownerId}/notice", {
        params: { path: { id: filed.id, ownerId: notice.ownerId } },
        body: { method: "mail", carrier: "USPS Certified Mail" },
      }),
    );
  }

  // 7. What happened, as the client sees it.
  const events = ok(await client.GET("/api/requests/{id}/events", request));
  return { filed, reorders, posts, licensed, events };
}
