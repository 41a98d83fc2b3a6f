import { DomainError, validationFailed } from "@/lib/errors";
import { unstorableStrings } from "@/lib/input-text";
import { MAX_BODY_BYTES, readLimited, tooLarge } from "./read-json";

/**
 * Reads a CSV body: 415 for another content type than text/csv, 413 past 1 MiB (the API's one body limit), 400 for a
 * NUL character anywhere in it (refused everywhere: PostgreSQL text cannot hold one).
 */
export async function readCsv(req: Request): Promise<string> {
  if (!/^text\/csv\s*(;|$)/i.test(req.headers.get("content-type") ?? "")) {
    throw new DomainError("unsupported_media_type", "Send the sales report as CSV with `Content-Type: text/csv`.");
  }
  if (Number(req.headers.get("content-length") ?? "0") > MAX_BODY_BYTES) throw tooLarge();
  const text = await readLimited(req);
  const unstorable = unstorableStrings(text);
  if (unstorable.length > 0) throw validationFailed(unstorable);
  return text;
}
