import { z } from "zod";
import { listParam, pageParams } from "@/lib/http/query";
import { STATUS_CODES } from "./statuses";

export const listRequestsQuery = z.strictObject({
  ...pageParams,
  status: listParam(z.enum(STATUS_CODES, { error: `must be one of ${STATUS_CODES.join(", ")}` })),
});
