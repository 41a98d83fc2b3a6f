import { publicRoute } from "@/lib/http/api-route";
import { openApiDocument } from "@/lib/openapi/document";

let document: ReturnType<typeof openApiDocument> | undefined;

/** The OpenAPI document, readable without a key (integrators' tools fetch it before they have one). */
export const GET = publicRoute(() => Promise.resolve(Response.json((document ??= openApiDocument()))));
