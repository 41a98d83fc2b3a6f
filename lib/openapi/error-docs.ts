import type { ErrorCode } from "@/lib/errors";

/** Every code a problem can carry: the domain's, and the 500 of a fault of ours. */
type ProblemCode = ErrorCode | "internal_error";

/**
 * When each problem code answers, as docs/api-guide.md's table "Errors, by code" says it, word for word (a unit test
 * holds them equal): the served page /docs/errors, which each problem's `type` points at, renders it. Backticks mark
 * code, as in the guide. In the guide's order: by status, then as a client meets them.
 */
export const ERROR_DOCS: readonly { code: ProblemCode; when: string }[] = [
  {
    code: "validation_failed",
    when: "a field is missing, unknown or of the wrong type, or breaks a rule; a bad query parameter; a path parameter that cannot name anything (`/api/requests/abc`, a licensee id that is not a UUID); `errors[]` says which",
  },
  {
    code: "invalid_json",
    when: "the body is not JSON",
  },
  {
    code: "invalid_patch",
    when: 'a PATCH body is not an array of `{ "op": "replace", "path", "value" }` with known paths and values of the right type',
  },
  {
    code: "release_date_in_past",
    when: "the release month is before the current month (`earliest` says the first allowed one)",
  },
  {
    code: "release_month_closed",
    when: "the release month is the current one, on or after the 20th (`earliest` as above)",
  },
  {
    code: "invalid_signature",
    when: "`POST /api/payments/stripe` (Stripe's webhook) whose `Stripe-Signature` header does not match the body and the webhook's signing secret; nothing is recorded",
  },
  {
    code: "covered_by_blanket_license",
    when: "a stream release (1003) whose outlets name a service holding the MLC's blanket license; `errors[]` names each, nothing is filed",
  },
  {
    code: "unauthorized",
    when: "no key, or a key that is malformed, unknown or revoked",
  },
  {
    code: "forbidden",
    when: "a key that may never do this (a client key on a staff endpoint, a member key on an admin endpoint)",
  },
  {
    code: "account_suspended",
    when: "the account is suspended; its data is kept",
  },
  {
    code: "not_found",
    when: "no such endpoint, or a well-formed id that is not yours (in the path, or in the body: `errors[].path` names the field)",
  },
  {
    code: "method_not_allowed",
    when: "a method the endpoint does not take (`DELETE /api/requests/9`); the `Allow` header lists those it takes. Answered before the key is checked",
  },
  {
    code: "song_locked",
    when: "song fields, once the request is linked to a song of the catalog",
  },
  {
    code: "licensing_begun",
    when: "album, track or release fields once licensing has begun (a missing length can still be given)",
  },
  {
    code: "invalid_transition",
    when: "a request's status change that is not allowed, e.g. cancelling after licensing began, or a medley whole with fewer than two parts; a notice's step that its state does not allow (staff). Money has codes of its own, below",
  },
  {
    code: "not_paid",
    when: "moving a request to `in_progress` (one at a time or in bulk) before it is paid in full (staff); the detail says what is due and on which invoice",
  },
  {
    code: "invoiced",
    when: "a field the amount depends on (quantity, format, date, length) while the request is on an invoice",
  },
  {
    code: "nothing_to_invoice",
    when: "`POST /api/invoices` with an `albumId` none of whose requests is waiting for payment, or a request that owes nothing more (already invoiced, or owes nothing)",
  },
  {
    code: "not_invoiceable",
    when: "`POST /api/invoices` with a request whose status cannot be invoiced (not waiting for payment, in progress or licensed)",
  },
  {
    code: "invoice_not_open",
    when: "a card payment started (`POST /api/invoices/{id}/checkout`) on an invoice with nothing due, a payment recorded on an invoice that is paid or void, or voiding one that is paid, void, has payments recorded, or holds a request part of whose royalty was credited to the balance",
  },
  {
    code: "insufficient_balance",
    when: "`POST /api/invoices/{id}/refund` for more than the account's balance, or voiding a payment part of which went to the balance and has been drawn since",
  },
  {
    code: "payment_not_voidable",
    when: "`POST /api/payments/{id}/void` on a payment already voided, drawn from the balance, a refund, or one of whose invoice's requests has begun licensing",
  },
  {
    code: "nothing_to_pay",
    when: "`POST /api/statements/{month}/payouts/paid` when the month's payouts were marked paid and no held owner has bank details yet (staff)",
  },
  {
    code: "duplicate_song",
    when: "a catalog song with the title and writers of another (staff); `songId` names it; send `confirmDuplicate: true` to keep both",
  },
  {
    code: "request_closed",
    when: "linking a catalog song to a cancelled or `cannot_license` request (staff)",
  },
  {
    code: "not_licensed",
    when: "the license document of a request that is not licensed yet",
  },
  {
    code: "eligibility_blocks",
    when: 'moving a request to `ready` while the client\'s eligibility answers rule the compulsory license out (staff); `answers` and `errors[].path` (`eligibility.<question>`) name them; send `"override": { "note": "…" }` to go on',
  },
  {
    code: "owner_contact_missing",
    when: "serving a notice by mail to an owner with no postal address on file, or by email to one who has not designated an email for notices (staff); `ownerId`, `method` and `missing` say which; also printing the notice letter (`…/notice.pdf`) to an owner with no postal address, unless its notice was served by email",
  },
  {
    code: "licensee_incomplete",
    when: "moving a request to `in_progress` (one at a time or in bulk) while its licensee lacks a detail its notices state; one `errors[]` entry per missing field, at the licensee's field name",
  },
  {
    code: "notice_late",
    when: "serving a notice on a day after its `dueOn` without a `lateAttestation` (staff); `dueOn` and `servedOn` say which days; attest, or move the request to `cannot_license` with `custom_license_required`",
  },
  {
    code: "office_filing_not_allowed",
    when: '`method: "copyright_office"` for an owner not marked not found, or on a digital release (staff)',
  },
  {
    code: "month_not_ended",
    when: "running a month's statements of account (`POST /api/statements`), or asking for a year's annual statement, before that month or year has ended in the service's calendar (staff); the detail says when it ends",
  },
  {
    code: "limit_reached",
    when: "creating more API keys (20 active) or webhook endpoints (10) than an account may hold; revoke or delete one first",
  },
  {
    code: "idempotency_key_reused",
    when: "an `Idempotency-Key` already used with another body",
  },
  {
    code: "length_required",
    when: "a portal form (server action) streamed without `Content-Length`; browsers always send it",
  },
  {
    code: "payload_too_large",
    when: "a body over 1 MiB, whether its `Content-Length` says so or it is streamed without one (nothing past the limit is read)",
  },
  {
    code: "unsupported_media_type",
    when: "a body that is not sent as `application/json`",
  },
  {
    code: "rate_limited",
    when: "too many calls for this key or account; wait `Retry-After` seconds. Besides the per-minute call limits: wall posts (600 an hour per account; the staff are mailed once per album every few minutes, however many are posted) and webhook resends (`POST …/deliveries/{deliveryId}/resend`, 60 an hour per account)",
  },
  {
    code: "service_unavailable",
    when: "the database is unreachable; retry shortly (with the same `Idempotency-Key`)",
  },
  {
    code: "internal_error",
    when: "a fault of ours; quote the request id",
  },
];
