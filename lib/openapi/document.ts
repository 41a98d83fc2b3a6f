import { createDocument, type ZodOpenApiPathsObject } from "zod-openapi";
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS, type WebhookEvent } from "@/lib/webhooks/events";
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
import { webhookBodies, webhookBodyId } from "./views-events";

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
  // The webhook bodies are what the API outputs: rendered as the answers of placeholder paths (removed below), their
  // components share the views of the API's answers; as request bodies they would be inputs, a second copy of each.
  for (const type of WEBHOOK_EVENTS)
    paths[placeholder(type)] = {
      get: {
        responses: { "200": { description: type, content: { "application/json": { schema: webhookBodies[type] } } } },
      },
    };
  const document = createDocument({
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
  for (const type of WEBHOOK_EVENTS) delete document.paths?.[placeholder(type)];
  return { ...document, webhooks: webhookPayloads() };
}

const placeholder = (type: WebhookEvent) => `/webhook-bodies/${type}`;

/**
 * OpenAPI 3.1's `webhooks`: what CoverDesk POSTs to a registered endpoint, one entry per event type, with the body
 * every delivery of it matches (tests/integration/webhook-events.test.ts validates them).
 */
const webhookRef = (type: WebhookEvent) => `#/components/schemas/${webhookBodyId(type)}`;

function webhookPayloads() {
  return Object.fromEntries(
    WEBHOOK_EVENTS.map((type) => [
      type,
      {
        post: {
          operationId: `webhook_${type.replace(".", "_")}`,
          summary: WEBHOOK_EVENT_LABELS[type],
          description:
            type === "sales.threshold_reached"
              ? "Deprecated: the name `sales.alert` had before; endpoints still subscribed to it get each sales alert under it."
              : undefined,
          deprecated: type === "sales.threshold_reached" ? true : undefined,
          tags: ["Webhooks"],
          security: [],
          parameters: [],
          // A reference to the component (not the zod schema): as a request body the schema would be rendered as
          // an input, a second copy of every view it holds; the body is what the API outputs.
          requestBody: { required: true, content: { "application/json": { schema: { $ref: webhookRef(type) } } } },
          responses: {
            "200": { description: "Any 2xx answer within 10 s counts as received; anything else is retried" },
          },
        },
      },
    ]),
  );
}
