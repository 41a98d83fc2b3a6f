import { z } from "zod";
import { listRequestsQuery } from "@/lib/requests/list-requests-query";
import { listRequestEventsQuery } from "@/lib/requests/list-request-events";
import { createRequestSchema } from "@/lib/requests/schemas";
import { cancelSchema } from "@/lib/workflow/status-schemas";
import { ids, type Operation } from "../operation";
import { requestEvent, requestView } from "../views";

const tag = "Requests";
const request = ids({ id: "request" });

const fileExample = {
  track: {
    album: {
      title: "Covers Vol. 1",
      artist: "The Demo Band",
      licensee: { companyName: "Demo Band LLC", lastName: "Doe", email: "doe@example.com" },
    },
    lengthInSeconds: 185,
    releases: [{ formatId: 1002, releaseQuantity: 1000 }],
    song: { title: "Yesterday", originalRecordingArtist: "The Beatles" },
  },
};

export const requestOperations: Operation[] = [
  {
    method: "post",
    path: "/api/requests",
    tag,
    summary: "File an initial request",
    description:
      "A track with its album (new or `{ id }`), licensee (new or `{ id }`) and releases. Omitted releaseMonth/releaseYear are generated (this month before the 20th, else next month).",
    roles: ["client"],
    body: createRequestSchema.meta({ id: "NewRequest", example: fileExample }),
    success: [{ status: 201, description: "The request, as GET /api/requests/{id} shows it", schema: requestView }],
    errors: ["not_found", "release_date_in_past", "release_month_closed", "covered_by_blanket_license"],
  },
  {
    method: "get",
    path: "/api/requests",
    tag,
    summary: "List requests",
    description:
      'Newest first (by date added, then id), paged by cursor: send the `X-Next-Cursor` of an answer as `after` (or follow its `Link` rel="next") for the next page; requests filed meanwhile are neither repeated nor skipped. `offset` still pages as before (not with `after`). `updatedSince` polls by last change instead, paging on with the `X-Next-Cursor` of each answer as `cursor` (a poll\'s answer always carries it: it is also where the next poll starts).',
    query: listRequestsQuery,
    success: [
      {
        status: 200,
        description: "A page of requests",
        schema: requestView,
        list: true,
        cursor: true,
        headers: {
          "X-Next-Cursor": z.string().optional().meta({
            description:
              "The next page's cursor: send it as `after` (absent on the last page); in an updatedSince poll, as `cursor` (always present)",
          }),
        },
      },
    ],
  },
  {
    method: "get",
    path: "/api/requests/{id}",
    tag,
    summary: "Read a request",
    description: "With an `ETag`; send it back in `If-None-Match` to get 304 while nothing changed.",
    params: request,
    success: [
      {
        status: 200,
        description: "The request",
        schema: requestView,
        headers: { ETag: z.string().meta({ description: "The body's tag" }) },
      },
      { status: 304, description: "Not modified since the ETag sent" },
    ],
  },
  {
    method: "get",
    path: "/api/requests/{id}/events",
    tag,
    summary: "The request's status history",
    description: "Oldest first; a licensee never sees a private note.",
    params: request,
    query: listRequestEventsQuery,
    success: [{ status: 200, description: "A page of status events", schema: requestEvent, list: true }],
  },
  {
    method: "post",
    path: "/api/requests/{id}/cancel",
    tag,
    summary: "Cancel a request",
    description: 'Until licensing has begun; the body (`{ "note" }`) is optional.',
    roles: ["client"],
    params: request,
    body: cancelSchema.meta({ id: "CancelRequest", example: { note: "The release was called off" } }),
    bodyOptional: true,
    success: [{ status: 200, description: "The cancelled request", schema: requestView }],
    errors: ["invalid_transition", "licensing_begun"],
  },
  {
    method: "get",
    path: "/api/requests/{id}/license",
    tag,
    summary: "The license document (PDF)",
    params: request,
    success: [{ status: 200, description: "The license", contentType: "application/pdf" }],
    errors: ["not_licensed"],
  },
];
