import { z } from "zod";
import type { getAlbum } from "@/lib/albums/get-album";
import type { LicenseeView } from "@/lib/licensees/get-licensee";
import type { EligibilityResult } from "@/lib/eligibility/eligibility";
import { ELIGIBILITY_QUESTION_KEYS, type EligibilityQuestion } from "@/lib/requests/eligibility-answers";
import type { ReleaseView } from "@/lib/releases/release-view";
import type { RequestView } from "@/lib/requests/request-view";
import type { FormatView } from "@/lib/royalties/list-formats";
import { LICENSING_BLOCKERS } from "@/lib/requests/licensing-blockers";
import { CANNOT_LICENSE_REASONS, STATUS_CODES } from "@/lib/requests/statuses";
import type { TrackView } from "@/lib/tracks/track-view";
import type { WallPostView } from "@/lib/wall/wall-post-view";
import { VISIBILITIES } from "@/lib/wall/visibilities";

// The response shapes of the API, as JSON. Each view a use case returns is checked against its schema by the compiler
// (`exactly<View>()`), so a field or a value added to a view without its schema fails the typecheck; the contract test
// (tests/helpers/contract.ts) checks the bodies the integration suite receives against the same schemas.

/** The schema's output and the view are the same type: neither has a field or a value the other lacks. */
export const exactly =
  <View>() =>
  <S extends z.ZodType<View>>(schema: S & (View extends z.output<S> ? unknown : never)) =>
    schema;

export const amount = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .meta({ description: "US dollars, two decimals", example: "147.99" });
export const timestamp = z
  .string()
  .meta({ description: "ISO 8601 date and time (UTC)", example: "2026-11-23T15:04:05.000Z" });
export const day = z.string().meta({ description: "ISO 8601 date", example: "2026-11-23" });

const statusShape = {
  code: z.enum(STATUS_CODES),
  label: z.string(),
  description: z.string(),
  reason: z.enum(CANNOT_LICENSE_REASONS).optional(),
};
const status = z.object({
  ...statusShape,
  note: z.string().nullable().meta({ description: "The latest status note the caller may see" }),
});

const question = z.enum(ELIGIBILITY_QUESTION_KEYS as [EligibilityQuestion, ...EligibilityQuestion[]]);
const OUTCOMES = ["cannot_license", "not_filed", "no_license_needed", "warning"] as const;

const eligibility = z
  .object({
    answers: z
      .object(
        Object.fromEntries(ELIGIBILITY_QUESTION_KEYS.map((k) => [k, z.boolean().optional()])) as Record<
          EligibilityQuestion,
          z.ZodOptional<z.ZodBoolean>
        >,
      )
      .meta({ description: "The answers as the client gave them; a question left out was not answered" }),
    answeredAt: timestamp,
    blocking: z.array(question).meta({
      description:
        "The answers that rule the compulsory license out: the request moves to `ready` only with an override",
    }),
    override: z
      .object({ note: z.string(), byName: z.string(), at: timestamp })
      .nullable()
      .optional()
      .meta({ description: "Service staff only: the employee who let it go on despite those answers, and why" }),
  })
  .nullable()
  .optional()
  .meta({
    description:
      "The eligibility answers given with the filing (null: none were sent); never shown to licensees. A reorder carries its track's.",
  });

export const royalty = z.object({
  perUnit: z.string().meta({ example: "0.1310" }),
  quantity: z.int(),
  total: amount,
  currency: z.literal("USD"),
  provisional: z.boolean().meta({
    description:
      "A statutory format released in a year with no published rate yet: priced at the latest year's rate, and " +
      "repriced when the year's rate is entered (a difference on an invoiced request is a top-up, or a credit to the balance)",
  }),
  provisionalReason: z.string().optional().meta({
    description: "When provisional: why, in a sentence",
    example: "No rate published for 2027 yet: priced at the 2026 rate; repriced when the rate is published",
  }),
});

export const requestView = exactly<RequestView>()(
  z
    .object({
      id: z.int(),
      licenseeId: z.uuid(),
      albumId: z.int(),
      trackId: z.int(),
      releaseId: z.int(),
      kind: z.enum(["initial", "reorder"]),
      songTitle: z.string().meta({ description: "The song's title as filed on the track" }),
      format: z.object({ id: z.int(), title: z.string() }).meta({
        description: "The release's format (GET /api/formats)",
        example: { id: 1002, title: "Digital Downloads" },
      }),
      releaseMonth: z.int().meta({ description: "The release's month (1–12)" }),
      releaseYear: z.int().meta({ description: "The release's year: its statutory rate prices the royalty" }),
      externalTrackId: z
        .string()
        .nullable()
        .meta({ description: "Your own id of the track, as filed (filter with ?externalTrackId=)" }),
      externalLicenseeId: z
        .string()
        .nullable()
        .meta({ description: "Your own id of the licensee, as filed (filter with ?externalLicenseeId=)" }),
      status,
      songLinked: z.boolean(),
      licensingBegun: z.boolean(),
      medley: z
        .discriminatedUnion("kind", [
          z.object({
            kind: z.literal("whole"),
            partCount: z.number(),
            parts: z.array(
              z.object({ requestId: z.int(), trackId: z.int(), title: z.string(), status: z.object(statusShape) }),
            ),
          }),
          z.object({ kind: z.literal("part"), wholeTrackId: z.int() }),
        ])
        .nullable(),
      licensingBlockedBy: z.array(z.enum(LICENSING_BLOCKERS)).meta({
        description:
          "While in progress, what keeps the request from being licensed once every owner is served: " +
          "`length_missing` (a statutory format's royalty needs the track's length: supply it with PATCH " +
          "/api/tracks/{id}) and `top_up_unpaid` (the length raised the royalty: invoice and pay the difference; " +
          "never shown to licensees); while waiting for payment and paid, `licensee_incomplete` (paid, it waits for " +
          "the licensee's legal name, address, telephone and officers: complete them with PATCH /api/licensees/{id} " +
          "and licensing begins; never shown to licensees). Empty when nothing blocks it, and in every other status.",
      }),
      royalty: royalty.extend({
        notPayable: amount.meta({
          description:
            "The part of the total owed to owners the Copyright Office's records do not identify: not invoiced",
        }),
        notPayableOwners: z.array(z.object({ ownerId: z.int(), ownerName: z.string(), amount, reason: z.string() })),
      }),
      amountDue: z
        .object({
          royalty: amount.meta({ description: "The payable royalty: the total less `royalty.notPayable`" }),
          fee: amount,
          officeFee: amount.meta({ description: "Copyright Office filing fees billed (one per title filed)" }),
          total: amount,
          currency: z.literal("USD"),
          paid: z.boolean(),
          invoiceId: z.int().nullable(),
          credited: amount.meta({
            description:
              'What was credited back of the request\'s invoices (it ended cannot_license or cancelled); "0.00" when none',
          }),
          creditedOn: day.nullable().meta({ description: "The day it was credited, if it was" }),
          officeFeeNote: z.string().nullable().meta({
            description: "For a physical format, the Copyright Office's filing fee billed if an owner can't be found",
          }),
          provisional: z.boolean().meta({ description: "The royalty is provisional (see royalty.provisional)" }),
        })
        .optional()
        .meta({
          description:
            "What the request costs the client (never shown to licensees). A request that ended without a license " +
            'owes nothing: its total is "0.00" and paid is true, royalty and fee stay as quoted, and credited says ' +
            "what of its invoices was credited back",
        }),
      eligibility,
      changedSinceReady: z
        .object({ since: timestamp, royaltyBefore: amount, royaltyNow: amount })
        .nullable()
        .optional()
        .meta({
          description:
            "Service staff only: the client changed units, format, release month or year, or length after `ready`, and no " +
            "employee has acknowledged it yet (POST /api/requests/{id}/acknowledge-changes); the royalty before the first change and now",
        }),
      dateAdded: timestamp,
      dateUpdated: timestamp,
    })
    .meta({ id: "Request" }),
);

export const releaseView = exactly<ReleaseView>()(
  z
    .object({
      id: z.int(),
      formatId: z.int(),
      releaseMonth: z.int(),
      releaseYear: z.int(),
      releaseQuantity: z.int(),
      expectedOutletsOfDistribution: z.string().nullable(),
      label: z
        .string()
        .nullable()
        .meta({ description: "The label the copies are sold under (printed on the notices)" }),
      catalogNumber: z.string().nullable().meta({ description: "The label's catalog number (printed on the notices)" }),
      manufactureDate: day.nullable().meta({
        description:
          "Physical formats: the day the copies are (or are planned to be) made. The notices are due by the earlier " +
          "of the day before the release month and this date + 30 days (17 U.S.C. § 115(b)(1))",
      }),
      dateAdded: timestamp,
    })
    .meta({ id: "Release" }),
);

export const trackView = exactly<TrackView>()(
  z
    .object({
      id: z.int(),
      albumId: z.int(),
      externalTrackId: z.string().nullable(),
      isrc: z.string().nullable(),
      lengthInSeconds: z.int().nullable(),
      medley: z.boolean(),
      medleyTrackId: z.int().nullable(),
      song: z.object({
        title: z.string(),
        originalRecordingArtist: z.string().nullable(),
        notes: z.string().nullable(),
        artist: z.string().nullable(),
        composer: z.string().nullable(),
        arranger: z.string().nullable(),
      }),
      releases: z.array(releaseView),
      dateAdded: timestamp,
    })
    .meta({ id: "Track" }),
);

export const albumView = exactly<Awaited<ReturnType<typeof getAlbum>>>()(
  z
    .object({
      id: z.int(),
      title: z.string(),
      artist: z.string(),
      licenseeId: z.uuid(),
      tracks: z.array(trackView),
      releases: z.array(releaseView),
      dateAdded: timestamp,
    })
    .meta({ id: "Album" }),
);

export const licenseeView = exactly<LicenseeView>()(
  z
    .object({
      id: z.uuid(),
      companyName: z.string().nullable(),
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      email: z.string().nullable(),
      phone1: z.string().nullable(),
      address: z.string().nullable(),
      city: z.string().nullable(),
      state: z.string().nullable(),
      zip: z.string().nullable(),
      country: z.string().nullable(),
      externalLicenseeId: z.string().nullable(),
      officers: z.string().nullable().meta({ description: "A company's principal officers or owners (free text)" }),
      agentAuthorizedAt: timestamp.nullable().meta({
        description:
          "Read-only: when the client authorized CoverDesk as this licensee's agent for notices (its creation)",
      }),
      agentAuthorizedBy: z
        .string()
        .nullable()
        .meta({ description: "Read-only: who gave that authorization (the user or API key that created it)" }),
      dateAdded: timestamp,
    })
    .meta({ id: "Licensee" }),
);

export const wallPostView = exactly<WallPostView>()(
  z
    .object({
      id: z.int(),
      message: z.string(),
      isPrivate: z.boolean().meta({ description: "true unless `visibility` is public (the contract's field)" }),
      visibility: z
        .enum(VISIBILITIES)
        .meta({ description: "public: everyone; private: not licensees; staff: service staff only" }),
      dateAdded: timestamp,
      parentId: z.int().nullable(),
      author: z.object({ kind: z.enum(["employee", "client", "licensee", "system"]), name: z.string() }),
    })
    .meta({ id: "WallPost" }),
);

export const requestEvent = z
  .object({
    from: z.enum(STATUS_CODES).nullable(),
    to: z.enum(STATUS_CODES),
    reason: z.enum(CANNOT_LICENSE_REASONS).optional(),
    at: timestamp,
    actor: z.object({ kind: z.string(), name: z.string().nullable() }),
    note: z.string().nullable(),
  })
  .meta({ id: "RequestEvent" });

export const formatView = exactly<FormatView>()(
  z
    .object({
      id: z.int(),
      title: z.string(),
      royalty: z.discriminatedUnion("kind", [
        z.object({ kind: z.literal("fixed"), perUnit: z.string().meta({ example: "0.2400" }) }),
        z.object({
          kind: z.literal("statutory"),
          year: z.int().meta({
            description:
              "The latest year with a published rate: a release in a later year is priced at it, provisionally; " +
              "an earlier year's rates are in GET /api/statutory-rates",
          }),
          perCopy: z.string().meta({ description: "Dollars per copy", example: "0.1310" }),
          perMinute: z.string().meta({
            description: "Dollars per minute of playing time or part of one; a copy owes the greater of the two",
            example: "0.0252",
          }),
        }),
      ]),
      requiresExpectedOutletsOfDistribution: z.boolean(),
      physical: z.boolean(),
    })
    .meta({ id: "Format" }),
);

export const accountView = z
  .object({
    id: z.int(),
    name: z.string(),
    suspended: z.boolean(),
    suspendedAt: timestamp.nullable(),
    dateAdded: timestamp,
    counts: z.object({
      clientStaff: z.int(),
      licenseeUsers: z.int(),
      openInvitations: z.int(),
      activeApiKeys: z.int(),
    }),
  })
  .loose()
  .meta({ id: "Account" });

export const albumFiled = z
  .object({ albumId: z.int(), licenseeId: z.uuid(), releaseId: z.int(), requests: z.array(requestView) })
  .meta({ id: "AlbumFiled" });

export const health = z.object({ status: z.enum(["ok", "unavailable"]) }).meta({ id: "Health" });

export const eligibilityResult = exactly<EligibilityResult>()(
  z
    .object({
      eligible: z.boolean().meta({ description: "false: a compulsory license cannot apply as answered" }),
      summary: z.string(),
      findings: z.array(
        z.object({
          question,
          text: z.string(),
          outcome: z.enum(OUTCOMES).meta({
            description:
              "cannot_license: the license does not apply (`reason`); not_filed: the filing is refused (`refusal`); " +
              "no_license_needed: do not file; warning: it applies within limits (the explanation says which)",
          }),
          reason: z
            .enum(CANNOT_LICENSE_REASONS)
            .nullable()
            .meta({ description: "The reason a request would end with in `cannot_license`" }),
          refusal: z
            .literal("release_date_in_past")
            .nullable()
            .meta({ description: "The refusal a filing would meet instead" }),
          explanation: z.string(),
        }),
      ),
    })
    .meta({ id: "EligibilityResult" }),
);
