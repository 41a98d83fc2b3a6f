import { z } from "zod";
import { validationFailed } from "@/lib/errors";
import { createAlbumBodySchema, type CreateAlbumRequestsInput } from "@/lib/requests/album-requests-schema";
import { createRequestSchema, reorderSchema, type CreateRequestInput, type ReorderInput } from "@/lib/requests/schemas";
import { MAX_ID, parseInput, requiredOr } from "@/lib/validation";

/**
 * What POST /api/quotes prices: the very body a filing endpoint takes, told apart by its shape (a POST /api/requests
 * body has `track`, a POST /api/albums body `tracks`, a reorder's body the `trackId` it would be posted to), so a
 * body is quoted and then filed unchanged and is refused alike, at the same paths
 * (docs/decisions/quotes.md). A staff key names the account the filing would be for: `accountId`.
 */
export type QuoteInput = { accountId?: number } & (
  | { of: "request"; input: CreateRequestInput }
  | { of: "album"; input: CreateAlbumRequestsInput }
  | { of: "reorder"; trackId: number; input: ReorderInput }
);

// As the filing bodies' ids (lib/requests/schemas.ts).
const id = z
  .number({ error: requiredOr("must be an integer id") })
  .int("must be an integer id")
  .positive("must be a positive id")
  .max(MAX_ID, "is not an id we issued");

const SHAPES =
  "send the body of POST /api/requests (with track), of POST /api/albums (with tracks), " +
  "or of POST /api/tracks/{trackId}/requests with the trackId it would be posted to";

export function parseQuoteBody(body: unknown): QuoteInput {
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw validationFailed([{ path: "", message: "the body must be a JSON object" }]);
  const { accountId: rawAccountId, trackId: rawTrackId, ...rest } = body as Record<string, unknown>;
  const accountId =
    rawAccountId === undefined
      ? undefined
      : parseInput(z.object({ accountId: id }), { accountId: rawAccountId }).accountId;
  const shapes = [
    "track" in rest ? "request" : null,
    "tracks" in rest ? "album" : null,
    rawTrackId !== undefined ? "reorder" : null,
  ].filter((s) => s !== null);
  if (shapes.length !== 1) throw validationFailed([{ path: "", message: SHAPES }]);
  switch (shapes[0]) {
    case "request":
      return { accountId, of: "request", input: parseInput(createRequestSchema, rest) };
    case "album":
      return { accountId, of: "album", input: parseInput(createAlbumBodySchema, rest) };
    default: {
      const { trackId } = parseInput(z.object({ trackId: id }), { trackId: rawTrackId });
      return { accountId, of: "reorder", trackId, input: parseInput(reorderSchema, rest) };
    }
  }
}

/** The body as the OpenAPI document describes it: one of the three filing bodies (with a staff key, `accountId`). */
export const quoteBodySchema = z.union([
  createRequestSchema,
  createAlbumBodySchema,
  reorderSchema.extend({ trackId: id.meta({ description: "The track the reorder would be posted to" }) }),
]);
