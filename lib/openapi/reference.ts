import { openApiDocument } from "./document";

type Json = Record<string, unknown>;
type Parameter = { name: string; in: string; required?: boolean; schema?: Json; $ref?: string };

const refName = (ref: unknown) => (typeof ref === "string" ? ref.split("/").pop()! : undefined);

/** A one-line type of a schema: `integer`, `string (uuid)`, `Request[]`, … */
function typeOf(schema: Json | undefined): string {
  if (!schema) return "";
  if (schema.$ref) return refName(schema.$ref)!;
  if (schema.type === "array") return `${typeOf(schema.items as Json)}[]`;
  if (Array.isArray(schema.enum)) return (schema.enum as unknown[]).join(" | ");
  const format = typeof schema.format === "string" ? ` (${schema.format})` : "";
  return `${Array.isArray(schema.type) ? (schema.type as string[]).join(" | ") : String(schema.type ?? "object")}${format}`;
}

/** The document laid out for the reference page: operations by tag, their parameters, bodies and answers. */
export function openApiReference() {
  const doc = openApiDocument() as unknown as {
    info: { description: string };
    paths: Record<string, Record<string, Json>>;
    components: { schemas?: Record<string, Json>; parameters?: Record<string, Parameter> };
  };
  const byTag = new Map<string, ReturnType<typeof operation>[]>();
  function operation(path: string, method: string, op: Json) {
    const parameters = ((op.parameters as Parameter[] | undefined) ?? []).map((p) => {
      const param = p.$ref ? doc.components.parameters![refName(p.$ref)!]! : p;
      return { name: param.name, in: param.in, required: param.required ?? false, type: typeOf(param.schema) };
    });
    const bodySchema = (op.requestBody as { content?: Record<string, { schema?: Json }> } | undefined)?.content?.[
      "application/json"
    ]?.schema;
    // Bodies are named schemas: the page shows the schema itself (and its example) where the operation names it.
    const body = bodySchema?.$ref ? doc.components.schemas?.[refName(bodySchema.$ref)!] : bodySchema;
    const responses = Object.entries(
      op.responses as Record<string, { description: string; content?: Record<string, { schema?: Json }> }>,
    ).map(([status, r]) => {
      const content = r.content && Object.values(r.content)[0];
      return { status, description: r.description, schema: content?.schema ? typeOf(content.schema) : undefined };
    });
    return {
      id: String(op.operationId),
      method: method.toUpperCase(),
      path,
      summary: String(op.summary ?? ""),
      description: typeof op.description === "string" ? op.description : undefined,
      parameters,
      body: body ? JSON.stringify(body, null, 2) : undefined,
      example: body?.example === undefined ? undefined : JSON.stringify(body.example, null, 2),
      responses,
    };
  }
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = (op.tags as string[])[0]!;
      byTag.set(tag, [...(byTag.get(tag) ?? []), operation(path, method, op)]);
    }
  }
  return {
    description: doc.info.description,
    tags: [...byTag].map(([name, ops]) => ({
      name,
      slug: name.toLowerCase().replace(/[^a-z]+/g, "-"),
      operations: ops,
    })),
    schemas: Object.entries(doc.components.schemas ?? {}).map(([name, schema]) => ({
      name,
      json: JSON.stringify(schema, null, 2),
    })),
  };
}
