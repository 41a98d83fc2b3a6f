import { z } from "zod";
import { requiredText } from "@/lib/validation";

/** An album's own fields: the rules of a new album (POST /api/requests, the wizard) and of PATCH /api/albums/{id}. */
export const albumFields = { title: requiredText(), artist: requiredText() };

/** A change to an album: any of its fields (the JSON Patch paths are the field names). */
export const albumChanges = z.strictObject(albumFields).partial();
export type AlbumChanges = z.output<typeof albumChanges>;
