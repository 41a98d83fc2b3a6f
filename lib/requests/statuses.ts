export const STATUS_CODES = [
  "new",
  "need_info",
  "ready",
  "need_payment",
  "in_progress",
  "licensed",
  "cannot_license",
  "cancelled",
] as const;
export type StatusCode = (typeof STATUS_CODES)[number];

/** Statuses that still need work from the staff: the queue's default view. */
export const OPEN_STATUSES: StatusCode[] = ["new", "need_info", "ready", "need_payment", "in_progress"];
/**
 * The others: the request is settled. The queue selects open requests as "not settled" (the same set), which is the
 * predicate of its partial index: an index over a value added to the enum later could not be created in the same
 * transaction as that value (a fresh database migrates in one).
 */
export const SETTLED_STATUSES: StatusCode[] = ["licensed", "cannot_license", "cancelled"];

export const CANNOT_LICENSE_REASONS = [
  "not_us_copyright",
  "changed_lyrics",
  "changed_melody",
  "domestic_only",
  "custom_license_required",
  "other",
] as const;
export type CannotLicenseReason = (typeof CANNOT_LICENSE_REASONS)[number];

/**
 * Reasons no longer given to a new refusal, kept for the requests that already carry them. `domestic_only` refused a
 * whole request for what is a limit of every compulsory license (it covers US distribution only): the client is asked
 * for the territory instead (docs/decisions/eligibility-answers.md).
 */
export const RETIRED_REASONS: readonly CannotLicenseReason[] = ["domestic_only"];
/** The reasons staff may give when a request cannot be licensed. */
export const OFFERED_REASONS = CANNOT_LICENSE_REASONS.filter((r) => !RETIRED_REASONS.includes(r));
export const RETIRED_REASON_MESSAGE =
  "domestic_only is no longer a reason to refuse a whole request: the compulsory license covers US distribution only, " +
  "so ask the client for the territory instead (need_info) and license the US";

type StatusInfo = { label: string; description: string; licensingBegun: boolean; canBeLicensed: boolean };

export const STATUSES: Record<StatusCode, StatusInfo> = {
  new: {
    label: "New",
    description: "Received; we are researching the song's copyright owners.",
    licensingBegun: false,
    canBeLicensed: true,
  },
  need_info: {
    label: "Need info",
    description: "We need information from you; the album wall says what.",
    licensingBegun: false,
    canBeLicensed: true,
  },
  ready: {
    label: "Ready to license",
    description: "Song linked, owners and shares known, royalty fixed.",
    licensingBegun: false,
    canBeLicensed: true,
  },
  need_payment: {
    label: "Payment needed",
    description: "Song linked and royalty fixed; waiting for payment of the royalty and the service fee.",
    licensingBegun: false,
    canBeLicensed: true,
  },
  in_progress: {
    label: "Licensing in progress",
    description: "Notices of intention are being served on the copyright owners.",
    licensingBegun: true,
    canBeLicensed: true,
  },
  licensed: {
    label: "Licensed",
    description: "Every owner has been served; the license document is available.",
    licensingBegun: true,
    canBeLicensed: true,
  },
  cannot_license: {
    label: "Cannot license",
    description: "This use cannot be licensed under the compulsory license.",
    licensingBegun: false,
    canBeLicensed: false,
  },
  cancelled: {
    label: "Cancelled",
    description: "Withdrawn by the client before licensing began.",
    licensingBegun: false,
    canBeLicensed: false,
  },
};

export const REASON_LABELS: Record<CannotLicenseReason, string> = {
  not_us_copyright: "Never distributed in the US",
  changed_lyrics: "The lyrics were changed",
  changed_melody: "The melody was changed",
  domestic_only: "Licensable for domestic distribution only",
  custom_license_required: "A custom license is required",
  other: "Other",
};

/** The allowed transitions of docs/product-rules.md, "Transitions"; `licensed` is only ever entered automatically. */
export const TRANSITIONS: Record<StatusCode, readonly StatusCode[]> = {
  new: ["need_info", "ready", "cannot_license", "cancelled"],
  need_info: ["new", "cannot_license", "cancelled"],
  ready: ["need_payment", "need_info", "cannot_license", "cancelled"],
  need_payment: ["in_progress", "need_info", "cannot_license", "cancelled"],
  in_progress: ["licensed", "cannot_license"],
  licensed: [],
  cannot_license: [],
  cancelled: [],
};

export function statusView(code: StatusCode, reason: CannotLicenseReason | null) {
  const info = STATUSES[code];
  return {
    code,
    label: info.label,
    description: reason ? `${info.description} Reason: ${REASON_LABELS[reason]}.` : info.description,
    ...(reason ? { reason } : {}),
  };
}
