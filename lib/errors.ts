export type ErrorCode =
  | "invalid_json"
  | "validation_failed"
  | "not_licensed"
  | "release_date_in_past"
  | "release_month_closed"
  | "invalid_patch"
  | "song_locked"
  | "licensing_begun"
  | "invalid_transition"
  | "idempotency_key_reused"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "length_required"
  | "payload_too_large"
  | "unsupported_media_type"
  | "rate_limited"
  | "service_unavailable"
  | "account_suspended"
  | "limit_reached"
  | "invoiced"
  | "nothing_to_invoice"
  | "not_invoiceable"
  | "invoice_not_open"
  | "insufficient_balance"
  | "payment_not_voidable"
  | "not_paid"
  | "nothing_to_pay"
  | "method_not_allowed"
  | "request_closed"
  | "duplicate_song"
  | "owner_contact_missing"
  | "eligibility_blocks"
  | "licensee_incomplete"
  | "covered_by_blanket_license"
  | "notice_late"
  | "office_filing_not_allowed"
  | "month_not_ended"
  | "invalid_signature";

export type FieldError = { path: string; message: string };

const STATUS: Record<ErrorCode, number> = {
  invalid_json: 400,
  validation_failed: 400,
  release_date_in_past: 400,
  release_month_closed: 400,
  invalid_patch: 400,
  covered_by_blanket_license: 400,
  invalid_signature: 400,
  unauthorized: 401,
  forbidden: 403,
  account_suspended: 403,
  not_found: 404,
  method_not_allowed: 405,
  not_licensed: 409,
  song_locked: 409,
  licensing_begun: 409,
  invalid_transition: 409,
  invoiced: 409,
  nothing_to_invoice: 409,
  not_invoiceable: 409,
  invoice_not_open: 409,
  insufficient_balance: 409,
  payment_not_voidable: 409,
  not_paid: 409,
  nothing_to_pay: 409,
  request_closed: 409,
  duplicate_song: 409,
  owner_contact_missing: 409,
  eligibility_blocks: 409,
  licensee_incomplete: 409,
  notice_late: 409,
  office_filing_not_allowed: 409,
  month_not_ended: 409,
  idempotency_key_reused: 409,
  limit_reached: 409,
  length_required: 411,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  service_unavailable: 503,
};

/** The HTTP status each code answers with (the OpenAPI document groups codes by it). */
export const statusOfCode = (code: ErrorCode) => STATUS[code];
/** Every code, for the schemas that list them (a bulk move's per-request refusals). */
export const ERROR_CODES = Object.keys(STATUS) as [ErrorCode, ...ErrorCode[]];

const TITLE: Record<ErrorCode, string> = {
  invalid_json: "The body is not valid JSON",
  validation_failed: "Some fields are missing or invalid",
  release_date_in_past: "The release date is in the past",
  release_month_closed: "The current month is closed for new releases",
  invalid_patch: "The patch document is invalid",
  covered_by_blanket_license: "The outlets pay for these streams under the MLC's blanket license",
  invalid_signature: "The signature does not match the body",
  unauthorized: "Authentication required",
  forbidden: "Not allowed",
  account_suspended: "The account is suspended",
  not_found: "Not found",
  method_not_allowed: "The endpoint does not take that method",
  not_licensed: "The request is not licensed yet",
  song_locked: "The song is linked to the catalog and can no longer change",
  licensing_begun: "Licensing has begun; this can no longer change",
  invalid_transition: "That status change is not allowed",
  invoiced: "The request is on an invoice; what its amount depends on can no longer change",
  nothing_to_invoice: "Nothing is waiting for payment",
  not_invoiceable: "The request cannot be invoiced in its status",
  invoice_not_open: "The invoice is not open",
  insufficient_balance: "The account's balance is less than that",
  payment_not_voidable: "The payment can no longer be voided",
  not_paid: "The request is not paid yet",
  nothing_to_pay: "Nothing is left to pay",
  request_closed: "The request is cancelled or cannot be licensed",
  duplicate_song: "A catalog song with this title and writers exists",
  owner_contact_missing: "The owner has no contact detail for that way of serving",
  eligibility_blocks: "The client's eligibility answers rule the compulsory license out",
  licensee_incomplete: "The licensee's details are incomplete for a notice of intention",
  notice_late: "The notice is served after its due date",
  office_filing_not_allowed: "This notice cannot be filed with the Copyright Office",
  month_not_ended: "The month has not ended yet",
  idempotency_key_reused: "The Idempotency-Key was already used with another body",
  limit_reached: "A limit of the account is reached",
  length_required: "The body must say its length",
  payload_too_large: "The body is too large",
  unsupported_media_type: "The body must be JSON",
  rate_limited: "Too many requests",
  service_unavailable: "The service is temporarily unavailable",
};

/** The title each code's problem carries (the served errors page shows it). */
export const titleOfCode = (code: ErrorCode) => TITLE[code];

/**
 * The one error type of the domain: a stable code, a human detail, per-field errors where they apply, and facts a
 * program can act on without reading the detail (`data`, e.g. the earliest allowed release month).
 */
export class DomainError extends Error {
  readonly status: number;
  readonly title: string;
  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    readonly errors?: FieldError[],
    readonly data?: Record<string, unknown>,
  ) {
    super(detail);
    this.name = "DomainError";
    this.status = STATUS[code];
    this.title = TITLE[code];
  }
}

export const notFound = (what: string) => new DomainError("not_found", `${what} was not found.`);
export const forbidden = (detail: string) => new DomainError("forbidden", detail);
export const validationFailed = (errors: FieldError[]) =>
  new DomainError("validation_failed", errors.map((e) => `${e.path || "body"}: ${e.message}`).join("; "), errors);
/**
 * 409: a request's status (or a notice's state) does not allow the step. Invoices, payments, the balance and payouts
 * have codes of their own (docs/api-guide.md, "Errors, by code").
 */
export const invalidTransition = (detail: string) => new DomainError("invalid_transition", detail);

/**
 * 400 validation_failed for a path parameter that cannot name anything (`/api/requests/abc`): `errors[].path` is the
 * parameter's name. apiRoute lets a bad body's own problem (415, 413, invalid_json) answer first.
 */
export class InvalidPathParam extends DomainError {
  constructor(name: string, message: string) {
    super("validation_failed", `${name}: ${message}`, [{ path: name, message }]);
  }
}

export class RateLimitedError extends DomainError {
  constructor(
    readonly retryAfterSeconds: number,
    what = "requests",
  ) {
    super("rate_limited", `Too many ${what}; retry after ${retryAfterSeconds} s.`);
  }
}

/** A record named by an id inside a body (`track.album.id`): its not_found names that field. */
export async function foundAt<T>(path: string, find: Promise<T>): Promise<T> {
  try {
    return await find;
  } catch (err) {
    if (err instanceof DomainError && err.code === "not_found" && !err.errors) {
      throw new DomainError("not_found", err.detail, [{ path, message: "was not found" }]);
    }
    throw err;
  }
}
