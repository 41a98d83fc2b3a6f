import { z } from "zod";
import { ERROR_CODES } from "@/lib/errors";
import type { NoticeView } from "@/lib/licensing/list-notices";
import { NOTICE_METHODS } from "@/lib/licensing/notice-methods";
import type { SongMatch } from "@/lib/songs/match-songs";
import type { SongView } from "@/lib/songs/song-view";
import type { Assignment } from "@/lib/requests/assign-request";
import type { BulkResult } from "@/lib/workflow/change-statuses";
import { amount, day, exactly, timestamp } from "./views";

// The licensing desk's answers: catalog songs with their owners, song suggestions, the notices served on owners,
// assignments and bulk status moves.

export const songView = exactly<SongView>()(
  z
    .object({
      id: z.int(),
      title: z.string(),
      writers: z.array(z.string()),
      owners: z.array(
        z.object({
          id: z.int(),
          name: z.string(),
          email: z.string().nullable(),
          noticeEmailDesignated: z.boolean(),
          postalAddress: z.string().nullable(),
          share: z.number(),
        }),
      ),
    })
    .meta({ id: "Song" }),
);

export const songMatches = z
  .object({
    matches: z.array(
      exactly<SongMatch>()(
        z.object({ songId: z.int(), title: z.string(), writers: z.array(z.string()), score: z.number() }),
      ),
    ),
  })
  .meta({ id: "SongMatches" });

export const noticeView = exactly<NoticeView>()(
  z
    .object({
      ownerId: z.int(),
      ownerName: z.string(),
      share: z.number(),
      served: z.boolean(),
      servedAt: timestamp.nullable(),
      servedBy: z.string().nullable(),
      servedOn: day.nullable(),
      method: z.enum(NOTICE_METHODS).nullable(),
      note: z.string().nullable(),
      carrier: z.string().nullable().meta({ description: "By mail: the postal carrier or courier" }),
      trackingNumber: z.string().nullable().meta({ description: "By mail: the carrier's tracking number, if any" }),
      filingReference: z
        .string()
        .nullable()
        .meta({ description: "With the Copyright Office: its receipt number or deposit-account debit" }),
      lateAttestation: z
        .object({
          noCopiesDistributed: z.literal(true),
          madeWithin30Days: z.literal(true),
          note: z.string(),
          dueOn: day,
        })
        .nullable()
        .meta({
          description: "Served after `dueOn`: the serving employee's attestation, and the due date it was late for",
        }),
      ownerEmail: z.string().nullable(),
      ownerNoticeEmailDesignated: z
        .boolean()
        .meta({ description: "The owner designated `ownerEmail` for notices: only then may a notice go by email" }),
      ownerPostalAddress: z.string().nullable(),
      dueOn: day,
      overdue: z.boolean(),
      route: z.enum(["owner", "copyright_office", "none"]),
      ownerNotFound: z.boolean(),
      ownerIdentified: z.boolean().meta({
        description:
          "Marked not found, then identified: from then on the owner's share is payable again (invoiced as a top-up)",
      }),
      filingFee: amount.nullable().meta({
        description: "The Copyright Office's fee for the title's filing, on the notice that first went to the Office",
      }),
      acceptedOn: day.nullable().meta({
        description: "A stream license (not § 115): the day the owner accepted it in writing; no notice is served",
      }),
      acceptanceReference: z.string().nullable(),
      acceptanceTerms: z.string().nullable(),
    })
    .meta({ id: "Notice" }),
);

export const allNoticesItem = noticeView
  .extend({ requestId: z.int() })
  .loose()
  .meta({ id: "NoticeOfRequest", description: "A notice with the request it belongs to" });

export const bulkStatusResults = exactly<{ results: BulkResult[] }>()(
  z
    .object({
      results: z.array(
        z.union([
          z.object({ id: z.int(), ok: z.literal(true) }),
          z.object({ id: z.int(), ok: z.literal(false), code: z.enum(ERROR_CODES), detail: z.string() }),
        ]),
      ),
    })
    .meta({ id: "BulkStatusResults" }),
);

export const assignment = exactly<Assignment>()(
  z
    .object({ requestId: z.int(), assignee: z.object({ id: z.int(), name: z.string() }).nullable() })
    .meta({ id: "Assignment" }),
);
