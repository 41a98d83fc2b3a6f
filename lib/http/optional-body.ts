import type { ApiContext } from "./api-route";

/** The JSON body of a route whose body is optional: a bare POST (no content type, no length) reads as `{}`. */
export async function optionalBody({ req, body }: Pick<ApiContext, "req" | "body">): Promise<unknown> {
  const hasBody = req.headers.has("content-type") || Number(req.headers.get("content-length") ?? 0) > 0;
  return hasBody ? body() : {};
}
