import createClient from "openapi-fetch";
import type { components, paths } from "./api-types";
import { API_VERSION } from "./api-version";

export type { components, paths } from "./api-types";
export { API_VERSION } from "./api-version";

/** A resource as the API answers it, or a body as it is sent, by its schema's name: `Schema<"NewRequest">`. */
export type Schema<Name extends keyof components["schemas"]> = components["schemas"][Name];

/**
 * The typed CoverDesk client: every path, parameter, body and answer is typed from openapi.json
 * (`npm run openapi` regenerates ./api-types.ts). Calls return `{ data }` on success and `{ error }` (the
 * problem+json body) otherwise, with the raw `response` beside them. Every call pins `CoverDesk-Version` to the
 * version these types describe, so a newer API never changes an answer under them (docs/api-guide.md, "Versions").
 */
export function coverDeskClient(options: { baseUrl: string; apiKey: string; fetch?: typeof fetch }) {
  return createClient<paths>({
    baseUrl: options.baseUrl,
    headers: { Authorization: `Bearer ${options.apiKey}`, "CoverDesk-Version": API_VERSION },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}
