import { z } from "zod";
import type { ZodOpenApiOperationObject, ZodOpenApiResponseObject } from "zod-openapi";
import { API_VERSION_HEADER, API_VERSIONS, LATEST_API_VERSION } from "@/lib/api-versions";
import type { Gate } from "@/lib/auth/actor";
import { statusOfCode, type ErrorCode } from "@/lib/errors";
import { MAX_ID } from "@/lib/validation";

type Method = "get" | "post" | "put" | "patch" | "delete";
type ContentType = "application/json" | "application/problem+json" | "application/pdf" | "text/csv";

type Success = {
  status: number;
  description: string;
  /** The JSON body (absent for 204 and for files). */
  schema?: z.ZodType;
  contentType?: ContentType;
  /** A page of a list: a bare array with X-Total-Count. */
  list?: boolean;
  /** A list paged by cursor (`after`): Link rel="next" and X-Next-Cursor while another page follows. */
  cursor?: boolean;
  headers?: Record<string, z.ZodType>;
};

/** One operation of the API: what the route handler parses (the same zod schemas) and what it answers. */
export type Operation = {
  method: Method;
  /** OpenAPI form: `/api/requests/{id}`. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  /** Needs no API key (health, this document). */
  public?: boolean;
  /** The kinds of caller the route's gate lets through (`apiRoute`'s `roles`); absent: every kind. */
  roles?: readonly Gate[];
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** How the body is sent (default JSON; a sales report is CSV). */
  bodyContentType?: "application/json" | "text/csv";
  /** The body may be left out altogether (a bare POST). */
  bodyOptional?: boolean;
  success: Success[];
  /** The codes of the use case itself; those of authentication, parsing and the like are added by `problemCodes`. */
  errors?: ErrorCode[];
  /** Where the one derived from the path would repeat another's (`/api/requests/status` vs `/api/requests/{id}/status`). */
  operationId?: string;
};

type ProblemCode = ErrorCode | "internal_error";

const fieldError = z.object({ path: z.string(), message: z.string() }).meta({ id: "FieldError" });

const problemShape = {
  type: z.string().meta({
    format: "uri-reference",
    example: "https://desk.example.com/docs/errors#validation_failed",
    description:
      "The code's anchor on the served page /docs/errors: absolute on the server's PUBLIC_BASE_URL, else relative to this server",
  }),
  title: z.string(),
  status: z.int(),
  detail: z.string().meta({ description: "For people; programs read `code`" }),
  errors: z.array(fieldError).optional().meta({ description: "Each field at fault, by JSON path" }),
};

const problemSchemas = new Map<string, z.ZodType>();
const pascal = (code: string) => code.replace(/(^|_)([a-z])/g, (_, _sep: string, c: string) => c.toUpperCase());

/**
 * The problem+json body whose `code` is one of `codes` (those an operation answers with one status), a component
 * named by them (`UnauthorizedProblem`), shared by every operation with the same codes.
 */
function problemSchema(codes: readonly ProblemCode[]) {
  const sorted = [...codes].sort();
  const id = `${sorted.map(pascal).join("")}Problem`;
  let schema = problemSchemas.get(id);
  if (!schema) {
    schema = z.looseObject({ ...problemShape, code: z.enum(sorted as [ProblemCode, ...ProblemCode[]]) }).meta({
      id,
      description:
        "application/problem+json (RFC 9457) with a stable `code`; some codes add facts of their own (e.g. `earliest`)",
    });
    problemSchemas.set(id, schema);
  }
  return schema;
}

/** Every code the operation can answer: its own, and those of the layers every route goes through. */
function problemCodes(op: Operation): ProblemCode[] {
  const codes = new Set<ProblemCode>(op.errors ?? []);
  if (!op.public) {
    for (const c of ["unauthorized", "forbidden", "account_suspended", "rate_limited", "service_unavailable"] as const)
      codes.add(c);
  }
  if (op.params) {
    codes.add("validation_failed"); // a path parameter that cannot name anything (`/api/requests/abc`)
    codes.add("not_found");
  }
  if (op.query) codes.add("validation_failed");
  if (op.body)
    for (const c of ["validation_failed", "payload_too_large", "unsupported_media_type"] as const) codes.add(c);
  if (op.body && op.bodyContentType !== "text/csv") codes.add("invalid_json");
  if (op.method === "post" && !op.public) {
    codes.add("idempotency_key_reused");
    codes.add("validation_failed"); // an Idempotency-Key that is blank or too long
  }
  codes.add("validation_failed"); // a CoverDesk-Version this server does not serve
  codes.add("internal_error");
  return [...codes];
}

const statusOf = (code: ProblemCode) => (code === "internal_error" ? 500 : statusOfCode(code));

/** The problem codes of the operation grouped by HTTP status. */
function problemsByStatus(op: Operation): Map<number, ProblemCode[]> {
  const byStatus = new Map<number, ProblemCode[]>();
  for (const code of problemCodes(op)) byStatus.set(statusOf(code), [...(byStatus.get(statusOf(code)) ?? []), code]);
  return byStatus;
}

/** What a response of this status must look like: a success body (or none), a problem, or undeclared. */
export function expectedResponse(
  op: Operation,
  status: number,
): { schema?: z.ZodType; contentType?: ContentType } | undefined {
  const success = op.success.find((s) => s.status === status);
  if (success)
    return {
      schema: success.list ? z.array(success.schema!) : success.schema,
      contentType: success.contentType ?? (success.schema ? "application/json" : undefined),
    };
  const codes = problemsByStatus(op).get(status);
  return codes ? { schema: problemSchema(codes), contentType: "application/problem+json" } : undefined;
}

const header = (id: string, schema: z.ZodType, description: string) => schema.meta({ description, header: { id } });
const requestIdHeader = header("X-Request-Id", z.string(), "The request's id; quote it when you contact us");
const totalCountHeader = header(
  "X-Total-Count",
  z.string().regex(/^\d+$/),
  "How many items the whole list has (this page is a part of it)",
);
const retryAfterHeader = header("Retry-After", z.string().regex(/^\d+$/), "Seconds to wait before trying again");
const locationHeader = header("Location", z.string(), "Where the created resource is read");
const nextCursorHeader = header(
  "X-Next-Cursor",
  z.string().optional(),
  "The cursor of the next page: send it as `after`. Absent on the last page",
);
const linkHeader = header(
  "Link",
  z.string().optional(),
  "The next page's address, `<…>; rel=\"next\"` (relative to this request's URL). Absent on the last page",
);
const versionHeader = header(
  API_VERSION_HEADER,
  z.enum(API_VERSIONS),
  "The API version that answered: the one the request pinned with its CoverDesk-Version header, else the newest",
);

const versionParam = z
  .enum(API_VERSIONS)
  .optional()
  .meta({
    description: `Pins the API version (a date) the answer follows; without it the newest (${LATEST_API_VERSION}) answers. One this server does not serve is 400 validation_failed (path \`CoverDesk-Version\`) naming those it does.`,
    example: LATEST_API_VERSION,
    param: { id: "CoverDeskVersion" },
  });

const idempotencyKey = z
  .string()
  .min(1)
  .max(255)
  .optional()
  .meta({
    description:
      "Makes a POST safe to retry: the same key and body replay the first response; the same key with another body is 409 idempotency_key_reused",
    example: "readme-first-cover",
    param: { id: "IdempotencyKey" },
  });

function successResponse(s: Success): ZodOpenApiResponseObject {
  const headers: Record<string, z.ZodType> = {
    "X-Request-Id": requestIdHeader,
    [API_VERSION_HEADER]: versionHeader,
    ...(s.list ? { "X-Total-Count": totalCountHeader } : {}),
    ...(s.cursor ? { Link: linkHeader, "X-Next-Cursor": nextCursorHeader } : {}),
  };
  if (s.status === 201) headers.Location = locationHeader;
  Object.assign(headers, s.headers);
  const contentType = s.contentType ?? "application/json";
  const schema = s.list
    ? z.array(s.schema!)
    : (s.schema ?? (contentType === "application/json" ? undefined : z.string().meta({ format: "binary" })));
  return {
    description: s.description,
    headers: z.object(headers),
    ...(schema ? { content: { [contentType]: { schema } } } : {}),
  };
}

function problemResponse(status: number, codes: ProblemCode[]): ZodOpenApiResponseObject {
  const retry = status === 429 || status === 503;
  return {
    description: `Problem: ${codes.map((c) => `\`${c}\``).join(", ")}`,
    headers: z.object({
      "X-Request-Id": requestIdHeader,
      [API_VERSION_HEADER]: versionHeader,
      ...(retry ? { "Retry-After": retryAfterHeader } : {}),
    }),
    content: { "application/problem+json": { schema: problemSchema(codes) } },
  };
}

const WHO: Record<Gate, string> = {
  employee: "service staff",
  client: "client staff",
  "client:admin": "client admins",
  licensee: "licensee users",
};

export function toOpenApiOperation(op: Operation): ZodOpenApiOperationObject {
  const responses: Record<string, ZodOpenApiResponseObject> = {};
  for (const s of op.success) responses[String(s.status)] = successResponse(s);
  for (const [status, codes] of [...problemsByStatus(op)].sort(([a], [b]) => a - b))
    responses[String(status)] = problemResponse(status, codes);
  const who = op.roles ? `Only ${op.roles.map((r) => WHO[r]).join(" and ")}; others get 403 \`forbidden\`.` : undefined;
  return {
    operationId: op.operationId ?? operationId(op),
    tags: [op.tag],
    summary: op.summary,
    ...(op.description || who ? { description: [op.description, who].filter(Boolean).join("\n\n") } : {}),
    ...(op.public ? { security: [] } : {}),
    requestParams: {
      ...(op.params ? { path: op.params } : {}),
      ...(op.query ? { query: op.query } : {}),
      header: z.object({
        [API_VERSION_HEADER]: versionParam,
        ...(op.method === "post" && !op.public ? { "Idempotency-Key": idempotencyKey } : {}),
      }),
    },
    ...(op.body
      ? {
          requestBody: {
            required: !op.bodyOptional,
            content: { [op.bodyContentType ?? "application/json"]: { schema: op.body } },
          },
        }
      : {}),
    responses,
  };
}

/** `GET /api/requests/{id}/events` → `getRequestEvents`, stable and unique per method and path. */
function operationId(op: Operation): string {
  const words = op.path
    .replace(/^\/api\//, "")
    .split("/")
    .filter((w) => !w.startsWith("{"))
    .flatMap((w) => w.split("-"));
  return (
    op.method + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join("") + (op.path.endsWith("}") ? "ById" : "")
  );
}

const idParam = (what: string) =>
  z
    .int()
    .min(1)
    .max(MAX_ID)
    .meta({ description: `The ${what}'s id`, example: 9 });

/** Path parameters that are integer ids, by name: `ids({ id: "request", ownerId: "owner" })`. */
export const ids = (names: Record<string, string>) =>
  z.object(Object.fromEntries(Object.entries(names).map(([name, what]) => [name, idParam(what)])));

/** A JSON Patch body over the given fields (what `parseChanges` accepts): `[{ "op": "replace", "path", "value" }]`. */
export const jsonPatch = (fields: Record<string, z.ZodType>, example: unknown[]) =>
  z
    .array(
      z.union(
        Object.entries(fields).map(([path, value]) =>
          z.object({ op: z.enum(["replace", "add"]), path: z.enum([path, `/${path}`]), value }),
        ),
      ),
    )
    .meta({ description: "JSON Patch (RFC 6902), `replace` only (`add` is its synonym); applied atomically", example });
