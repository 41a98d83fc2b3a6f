import { notFound } from "@/lib/errors";
import { apiRoute } from "@/lib/http/api-route";

// Unknown API paths answer with the same problem+json as everything else (after authentication).
const unknownPath = apiRoute(({ url }) => Promise.reject(notFound(`No endpoint at ${url.pathname}`)));
export { unknownPath as GET, unknownPath as POST, unknownPath as PATCH, unknownPath as PUT, unknownPath as DELETE };
