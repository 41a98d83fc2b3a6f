import { DomainError, validationFailed } from "@/lib/errors";
import { unstorableStrings } from "@/lib/input-text";

export const MAX_BODY_BYTES = 1024 * 1024;

/** Reads a JSON body: 415 for another content type, 413 past 1 MiB, 400 invalid_json for broken JSON. */
export async function readJson(req: Request): Promise<unknown> {
  const type = req.headers.get("content-type") ?? "";
  if (!/^application\/([\w.+-]*\+)?json\s*(;|$)/i.test(type)) {
    throw new DomainError("unsupported_media_type", "Send the body as JSON with `Content-Type: application/json`.");
  }
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  const text = await readLimited(req);
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (e) {
    const problem = (e as Error).message;
    throw new DomainError("invalid_json", `The body is not valid JSON: ${problem}`, [
      { path: "", message: `is not valid JSON: ${problem}` },
    ]);
  }
  const nul = unstorableStrings(value); // whatever the endpoint parses the body with (a JSON Patch too)
  if (nul.length > 0) throw validationFailed(nul);
  return value;
}

export const tooLarge = () => new DomainError("payload_too_large", `The body must be at most ${MAX_BODY_BYTES} bytes.`);

export async function readLimited(req: Request): Promise<string> {
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
