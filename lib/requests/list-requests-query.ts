import { z } from "zod";
import { pageParams } from "@/lib/http/query";
import { STATUS_CODES } from "./statuses";

export const listRequestsQuery = z.object({
  ...pageParams,
  status: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(",").map((s) => s.trim()) : undefined))
    .pipe(z.array(z.enum(STATUS_CODES, { error: `must be one of ${STATUS_CODES.join(", ")}` })).optional()),
});
