import { DomainError } from "@/lib/errors";
import { apiRoute } from "@/lib/http/api-route";

// Unknown API paths, /api itself included, answer with the same problem+json as everything else (after authentication).
const unknownPath = apiRoute(({ url }) =>
  Promise.reject(
    new DomainError("not_found", `There is no endpoint at ${url.pathname}; docs/api-guide.md lists the endpoints.`),
  ),
);
export { unknownPath as GET, unknownPath as POST, unknownPath as PATCH, unknownPath as PUT, unknownPath as DELETE };
