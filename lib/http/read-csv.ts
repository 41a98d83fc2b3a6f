import { DomainError } from "@/lib/errors";
import { MAX_BODY_BYTES, readLimited, tooLarge } from "./read-json";

/** Reads a CSV body: 415 for another content type than text/csv, 413 past 1 MiB (the API's one body limit). */
export async function readCsv(req: Request): Promise<string> {
  if (!/^text\/csv\s*(;|$)/i.test(req.headers.get("content-type") ?? "")) {
    throw new DomainError("unsupported_media_type", "Send the sales report as CSV with `Content-Type: text/csv`.");
  }
  if (Number(req.headers.get("content-length") ?? "0") > MAX_BODY_BYTES) throw tooLarge();
  return readLimited(req);
}
