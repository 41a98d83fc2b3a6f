import { z } from "zod";

/** The portal's upload takes a file up to 1 MB (what a server action accepts); the API takes 1 MiB of CSV. */
const MAX_UPLOAD_BYTES = 1_000_000;

/** The album page's "Upload sales report": which release, and the CSV file. */
export const salesUploadSchema = z.strictObject({
  releaseId: z.coerce.number({ error: "choose a release" }).int().positive("choose a release"),
  report: z
    .instanceof(File, { error: "choose a CSV file" })
    .refine((f) => f.size > 0, "choose a CSV file")
    .refine((f) => f.size <= MAX_UPLOAD_BYTES, "must be at most 1 MB: split the report"),
});
