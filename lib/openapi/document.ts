import { createDocument, type ZodOpenApiPathsObject } from "zod-openapi";
import { toOpenApiOperation, type Operation } from "./operation";
import { accountOperations, referenceOperations } from "./paths/accounts";
import { albumOperations } from "./paths/albums";
import { importOperations } from "./paths/imports";
import { moneyOperations } from "./paths/money";
import { requestOperations } from "./paths/requests";
import { researchOperations } from "./paths/research";
import { salesOperations } from "./paths/sales";
import { streamOperations } from "./paths/streams";
import { wallOperations } from "./paths/wall";
import { webhookOperations } from "./paths/webhooks";

/** Every operation of the API, area by area (lib/openapi/paths/<area>.ts). */
export const operations: Operation[] = [
  ...requestOperations,
  ...importOperations,
  ...albumOperations,
  ...salesOperations,
  ...wallOperations,
  ...researchOperations,
  ...streamOperations,
  ...moneyOperations,
  ...accountOperations,
  ...webhookOperations,
  ...referenceOperations,
];

/** The OpenAPI 3.1 document of the API, built from the zod schemas the routes parse with. */
export function openApiDocument() {
  const paths: ZodOpenApiPathsObject = {};
  for (const op of operations) paths[op.path] = { ...paths[op.path], [op.method]: toOpenApiOperation(op) };
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: "CoverDesk API",
      version: "1",
      description:
        "US compulsory mechanical (cover-song) licenses. JSON over HTTP; authenticate with `Authorization: Bearer <key>`. Errors are `application/problem+json` with a stable `code`. Lists are bare JSON arrays with `X-Total-Count`.",
    },
    servers: [{ url: "/", description: "This server" }],
    security: [{ bearerAuth: [] }],
    components: {
      securitySchemes: {
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          description: "An API key (`cd_…`), made in Settings → API keys or by `npm run api-key`",
        },
      },
    },
    paths,
  });
}
