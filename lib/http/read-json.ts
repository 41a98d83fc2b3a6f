import { DomainError, validationFailed, type FieldError } from "@/lib/errors";

const MAX_BODY_BYTES = 1024 * 1024;

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
    throw new DomainError("invalid_json", `The body is not valid JSON: ${(e as Error).message}`);
  }
  const nul = stringsWithNul(value);
  if (nul.length > 0) throw validationFailed(nul);
  return value;
}

/**
 * PostgreSQL text cannot hold U+0000 (the query would fail with a 500), and no field of ours needs it:
 * every string holding one is refused here, once for all endpoints. Iterative: bodies may nest deeply.
 */
function stringsWithNul(root: unknown): FieldError[] {
  const found: FieldError[] = [];
  const stack: { value: unknown; path: string }[] = [{ value: root, path: "" }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { value, path } = item;
    if (typeof value === "string") {
      if (value.includes("\u0000")) found.push({ path, message: "must not contain the NUL character (\\u0000)" });
    } else if (value !== null && typeof value === "object") {
      for (const [key, child] of Object.entries(value)) stack.push({ value: child, path: path ? `${path}.${key}` : key });
    }
  }
  return found;
}

const tooLarge = () => new DomainError("payload_too_large", `The body must be at most ${MAX_BODY_BYTES} bytes.`);

async function readLimited(req: Request): Promise<string> {
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
