import { z } from "zod";
import { TEXT_LIMITS } from "@/lib/input-text";
import { cursorPageParams, offsetOrAfter } from "@/lib/paging";
import { listParam } from "@/lib/query-params";
import { oneOfCodes } from "@/lib/validation";
import { STATUS_CODES } from "./statuses";

/** Where the previous page of an `updatedSince` poll ended: its last request's exact dateUpdated and id. */
export type UpdatedCursor = { dateUpdated: string; id: number };

export const encodeCursor = (c: UpdatedCursor) => Buffer.from(`${c.dateUpdated}|${c.id}`).toString("base64url");

const cursorParam = z
  .string()
  .transform((value, ctx): UpdatedCursor => {
    const [dateUpdated, id] = Buffer.from(value, "base64url").toString("utf8").split("|");
    if (dateUpdated && id && /^\d{4}-\d\d-\d\dT[\d:.]+Z$/.test(dateUpdated) && /^\d{1,10}$/.test(id))
      return { dateUpdated, id: Number(id) };
    ctx.addIssue({
      code: "custom",
      message: "is not a cursor this API gave (send X-Next-Cursor of the previous page as it was)",
    });
    return z.NEVER;
  })
  .optional();

/** The sort key of GET /api/requests' pages, newest first: date added (to the microsecond), then id. */
export const REQUESTS_KEY = ["instant", "id"] as const;
export const REQUESTS_LIST = "requests";

const externalIdParam = z
  .string()
  .min(1, "must not be empty")
  .max(TEXT_LIMITS.key, `must be at most ${TEXT_LIMITS.key} characters`)
  .optional();

/** The filters that match requests to the client's own records (each narrows the list; together, all must hold). */
const recordFilters = {
  externalTrackId: externalIdParam.meta({ description: "Only the requests of tracks filed with this externalTrackId" }),
  externalLicenseeId: externalIdParam.meta({
    description: "Only the requests of licensees filed with this externalLicenseeId",
  }),
  albumId: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, "must be an album id (a whole number)")
    .transform(Number)
    .optional()
    .meta({ description: "Only the requests of this album" }),
  licenseeId: z.uuid({ error: "must be a licensee id (a UUID)" }).optional().meta({
    description: "Only the requests of this licensee's albums",
  }),
};
export type RequestRecordFilters = { [K in keyof typeof recordFilters]?: z.output<(typeof recordFilters)[K]> };

export const listRequestsQuery = z
  .strictObject({
    ...cursorPageParams(REQUESTS_LIST, REQUESTS_KEY),
    status: listParam(z.enum(STATUS_CODES, { error: oneOfCodes("a status code", STATUS_CODES) })),
    updatedSince: z.iso
      .datetime({ offset: true, error: "must be an ISO 8601 date and time with its offset, e.g. 2026-03-01T00:00:00Z" })
      .transform((v) => new Date(v))
      .optional(),
    cursor: cursorParam,
    ...recordFilters,
  })
  .superRefine(offsetOrAfter)
  .superRefine((q, ctx) => {
    if ((q.updatedSince || q.cursor) && q.after)
      ctx.addIssue({
        code: "custom",
        path: ["after"],
        message: "does not apply to an updatedSince poll; page on with the cursor",
      });
    if (q.updatedSince && q.cursor)
      ctx.addIssue({
        code: "custom",
        path: ["cursor"],
        message: "send updatedSince for the first page, then only the cursor",
      });
    if ((q.updatedSince || q.cursor) && (q.offset ?? 0) > 0)
      ctx.addIssue({
        code: "custom",
        path: ["offset"],
        message: "does not apply to an updatedSince poll; page on with the cursor",
      });
  });
