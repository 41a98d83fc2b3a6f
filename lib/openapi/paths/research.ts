import { z } from "zod";
import { allNoticesQuery } from "@/lib/licensing/list-all-notices";
import { serveNoticeSchema } from "@/lib/licensing/serve-notice-schema";
import { assignSchema, bulkStatusSchema, linkSongSchema, statusChangeSchema } from "@/lib/workflow/status-schemas";
import { ownerContactSchema, searchSongsQuery, songInputSchema } from "@/lib/songs/schemas";
import { ids, type Operation } from "../operation";
import { requestView } from "../views";
import { allNoticesItem, assignment, bulkStatusResults, noticeView, songMatches, songView } from "../views-research";

const roles = ["employee"] as const;
const request = ids({ id: "request" });
const notice = ids({ id: "request", ownerId: "owner" });

export const researchOperations: Operation[] = [
  {
    method: "post",
    path: "/api/songs",
    tag: "Song catalog",
    summary: "Add a catalog song",
    description:
      "Owner shares in percent (up to 2 decimals) summing to exactly 100. A song with the title and writers of another " +
      "(any order and case) is refused with 409 `duplicate_song` (`songId`: the other) unless `confirmDuplicate` is true.",
    roles,
    body: songInputSchema.meta({
      id: "NewSong",
      example: {
        title: "Yesterday",
        writers: ["John Lennon", "Paul McCartney"],
        owners: [{ name: "Sony Music Publishing", email: "mechanicals@example.com", share: 100 }],
      },
    }),
    success: [{ status: 201, description: "The song", schema: songView }],
    errors: ["duplicate_song"],
  },
  {
    method: "get",
    path: "/api/songs",
    tag: "Song catalog",
    summary: "Search the catalog",
    roles,
    query: searchSongsQuery,
    success: [{ status: 200, description: "A page of songs", schema: songView, list: true }],
  },
  {
    method: "put",
    path: "/api/owners/{id}/contact",
    tag: "Song catalog",
    summary: "Replace an owner's email and postal address",
    description:
      "Also once licensing has begun on the song (its owners and shares are frozen then). A field left out is cleared " +
      "(`noticeEmailDesignated` then false). `noticeEmailDesignated: true` records that the owner designated `email` " +
      "for notices of intention (it needs an email): only then may a notice be served by email. Answers the owner's song.",
    roles,
    params: ids({ id: "owner" }),
    body: ownerContactSchema.meta({
      id: "OwnerContactChange",
      example: {
        email: "mechanicals@example.com",
        noticeEmailDesignated: true,
        postalAddress: "25 Madison Avenue\nNew York, NY 10010",
      },
    }),
    success: [{ status: 200, description: "The owner's song", schema: songView }],
  },
  {
    method: "get",
    path: "/api/songs/{id}",
    tag: "Song catalog",
    summary: "Read a catalog song",
    roles,
    params: ids({ id: "song" }),
    success: [{ status: 200, description: "The song", schema: songView }],
  },
  {
    method: "get",
    path: "/api/requests/{id}/song-matches",
    tag: "Song catalog",
    summary: "Catalog songs like the one filed",
    description: "At most 5, best first, `score` 0..1.",
    roles,
    params: request,
    query: z.object({}),
    success: [{ status: 200, description: "The matches", schema: songMatches }],
  },
  {
    method: "post",
    path: "/api/requests/{id}/link-song",
    tag: "Song catalog",
    summary: "Link the request's song to a catalog song",
    roles,
    params: request,
    body: linkSongSchema.meta({ id: "LinkSong", example: { songId: 6 } }),
    success: [{ status: 200, description: "The request", schema: requestView }],
    errors: ["licensing_begun", "invalid_transition", "request_closed"],
  },
  {
    method: "post",
    path: "/api/requests/{id}/fast-track",
    tag: "Licensing",
    summary: "Take a reorder of a licensed track to payment in one action",
    description:
      "A `new` reorder whose track is linked and has a licensed request: `new` → `ready` → `need_payment`, each step on " +
      "the timeline. Anything else is 409 `invalid_transition`, saying why; eligibility answers (carried from the track) " +
      "that rule the license out without an override: 409 `eligibility_blocks`.",
    roles,
    params: request,
    success: [{ status: 200, description: "The request", schema: requestView }],
    errors: ["invalid_transition", "eligibility_blocks"],
  },
  {
    method: "post",
    path: "/api/requests/{id}/assignee",
    tag: "Licensing",
    summary: "Assign a request to an employee",
    description:
      "`userId`: an active employee's user id, or `null` for no one. Internal: the client's view does not change.",
    roles,
    params: request,
    body: assignSchema.meta({ id: "AssigneeChange", example: { userId: 3 } }),
    success: [{ status: 200, description: "The assignment", schema: assignment }],
  },
  {
    method: "post",
    path: "/api/requests/{id}/status",
    tag: "Licensing",
    summary: "Change a request's status",
    description:
      "With an optional note (`notePrivate` hides it from the licensee; `noteVisibility` `staff` from the client too); " +
      "`cannot_license` needs a `reason` (`domestic_only` is no longer given: ask for the territory instead). `ready` " +
      "is refused with 409 `eligibility_blocks` while the client's eligibility answers rule the license out, unless " +
      '`"override": { "note": "…" }` says why it still applies (stored with the answers; once is enough). ' +
      "`in_progress` needs the licensee's legal name, street address, city, state or ZIP, country and phone, and a company's " +
      "`officers`: 409 `licensee_incomplete` lists each missing field in `errors[]`; it also needs the request paid " +
      "in full: 409 `not_paid` says what is due and on which invoice.",
    roles,
    params: request,
    body: statusChangeSchema.meta({
      id: "StatusChange",
      example: { code: "in_progress", note: "Notices go out today" },
    }),
    success: [{ status: 200, description: "The request", schema: requestView }],
    errors: ["invalid_transition", "eligibility_blocks", "licensee_incomplete", "not_paid"],
  },
  {
    method: "post",
    path: "/api/requests/{id}/acknowledge-changes",
    tag: "Licensing",
    summary: "Acknowledge what the client changed after ready",
    description:
      "Clears the request's `changedSinceReady` flag (set when the client changes units, format, release month or year, " +
      "or length once the request is past `ready`); without the flag, changes nothing.",
    roles,
    params: request,
    success: [{ status: 200, description: "The request", schema: requestView }],
  },
  {
    method: "post",
    path: "/api/requests/status",
    tag: "Licensing",
    summary: "Move several requests at once",
    operationId: "postRequestsStatusBulk",
    description:
      "The same move for each request (1–100), each in its own transaction with the rules of a single move; a refused one " +
      "is reported in `results` and does not stop the others. `serve_notices` serves every open notice of each request, on " +
      "`servedOn` (default today; not before that request was filed) by `method` with its `carrier`, `trackingNumber` " +
      "or `filingReference` (as for one notice), with `note` on each; a `lateAttestation` is stored on each request " +
      "served late (one served late without it is refused with `notice_late`). `override` (with `ready`) is stored on " +
      "each request whose eligibility answers would block it.",
    roles,
    body: bulkStatusSchema.meta({ id: "BulkStatusChange", example: { requestIds: [12, 13, 14], code: "in_progress" } }),
    success: [{ status: 200, description: "One result per request, in the order given", schema: bulkStatusResults }],
  },
  {
    method: "get",
    path: "/api/requests/{id}/notices",
    tag: "Licensing",
    summary: "The request's notices of intention",
    roles,
    params: request,
    success: [{ status: 200, description: "One notice per owner", schema: z.array(noticeView) }],
  },
  {
    method: "get",
    path: "/api/notices",
    tag: "Licensing",
    summary: "Every request's notices",
    description: "Soonest `dueOn` first; `served=false` for the work still to do.",
    roles,
    query: allNoticesQuery,
    success: [{ status: 200, description: "A page of notices", schema: allNoticesItem, list: true, cursor: true }],
  },
  {
    method: "post",
    path: "/api/requests/{id}/owners/{ownerId}/notice",
    tag: "Licensing",
    summary: "Serve a notice of intention",
    description:
      "Records the day (`servedOn`, default today; not in the future, not before the request was filed) and the way " +
      "(`method`, default `mail`). `mail` needs `carrier` (400 `validation_failed` without it; `trackingNumber` " +
      "optional) and the owner's postal address; `email` an email address the owner designated for notices (else 409 " +
      "`owner_contact_missing`); `copyright_office` is only for an owner marked not found on a physical format (else " +
      "409 `office_filing_not_allowed`) and needs `filingReference`. A day served after the notice's `dueOn` needs " +
      "`lateAttestation` with both flags true and a note, else 409 `notice_late` and nothing is written. " +
      "Idempotent; the last one licenses the request.",
    roles,
    params: notice,
    body: serveNoticeSchema.meta({
      id: "ServeNotice",
      example: {
        servedOn: "2026-11-20",
        method: "mail",
        carrier: "USPS Certified Mail",
        trackingNumber: "7019 0700 0000 1234 5678",
      },
    }),
    bodyOptional: true,
    success: [{ status: 200, description: "The request", schema: requestView }],
    errors: ["invalid_transition", "owner_contact_missing", "notice_late", "office_filing_not_allowed"],
  },
  {
    method: "post",
    path: "/api/requests/{id}/owners/{ownerId}/owner-not-found",
    tag: "Licensing",
    summary: "Record an owner missing from the Copyright Office's records",
    roles,
    params: notice,
    success: [{ status: 200, description: "The notice", schema: noticeView }],
    errors: ["invalid_transition"],
  },
  {
    method: "post",
    path: "/api/requests/{id}/owners/{ownerId}/owner-identified",
    tag: "Licensing",
    summary: "Record an owner marked not found as identified",
    description:
      "From then on the owner's share of the royalty is payable: the request owes it as a top-up (invoiced through " +
      "POST /api/invoices), and once paid it goes to this owner. A notice not served yet is then served on the owner. " +
      "Idempotent; 409 `invalid_transition` for an owner never marked not found.",
    roles,
    params: notice,
    success: [{ status: 200, description: "The notice", schema: noticeView }],
    errors: ["invalid_transition"],
  },
  {
    method: "get",
    path: "/api/requests/{id}/owners/{ownerId}/notice.pdf",
    tag: "Licensing",
    summary: "The notice of intention letter to the owner (PDF)",
    operationId: "getRequestsOwnersNoticeLetter",
    description:
      "Ready to mail: the owner's address; the licensee's legal name, address, telephone and (a company's) officers or owners; " +
      "the work and writers, the owner's share; the format, units, label and catalog number, date of manufacture and release " +
      "month; signed by CoverDesk as the licensee's authorized agent. Once licensing has begun. A letter to an owner with no " +
      "postal address (unless its notice was served by email) is 409 `owner_contact_missing`.",
    roles,
    params: notice,
    success: [{ status: 200, description: "The letter", contentType: "application/pdf" }],
    errors: ["owner_contact_missing"],
  },
  {
    method: "get",
    path: "/api/requests/{id}/owners/{ownerId}/filing",
    tag: "Licensing",
    summary: "The Copyright Office filing (PDF)",
    roles,
    params: notice,
    success: [{ status: 200, description: "The filing", contentType: "application/pdf" }],
    errors: ["invalid_transition"],
  },
];
