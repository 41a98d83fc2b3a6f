import createClient from "openapi-fetch";
import type { components, paths } from "./api-types";

/** A resource as the API answers it, by its schema's name: `Schema<"Request">`. */
export type Schema<Name extends keyof components["schemas"]> = components["schemas"][Name];

/**
 * The typed CoverDesk client: every path, parameter, body and answer is typed from openapi.json
 * (`npm run openapi` regenerates ./api-types.ts). Calls return `{ data }` on success and `{ error }` (the
 * problem+json body) otherwise, with the raw `response` beside them.
 */
export function coverDeskClient(options: { baseUrl: string; apiKey: string; fetch?: typeof fetch }) {
  return createClient<paths>({
    baseUrl: options.baseUrl,
    headers: { Authorization: `Bearer ${options.apiKey}` },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}
