import { describe, expect, it } from "vitest";
import { openApiReference } from "@/lib/openapi/reference";

describe("the reference page (/docs/api)", () => {
  const operations = openApiReference().tags.flatMap((t) => t.operations);

  it("shows a named request body as its schema, not as a bare reference", () => {
    const withBody = operations.filter((op) => op.body);
    expect(withBody.length).toBeGreaterThan(20);
    for (const op of withBody) expect(JSON.parse(op.body!), `${op.method} ${op.path}`).not.toHaveProperty("$ref");
  });

  it("prefills Try it with the body's example", () => {
    const file = operations.find((op) => op.method === "POST" && op.path === "/api/requests")!;
    expect(JSON.parse(file.example!)).toMatchObject({ track: { lengthInSeconds: 185 } });
  });
});
