// npm run openapi: writes openapi.json (the API's OpenAPI document), lib/client/api-types.ts (its TypeScript types) and
// lib/client/api-version.ts (the API version those types describe).
import { writeFile } from "node:fs/promises";
import { openApiArtifacts } from "../lib/openapi/artifacts";

const { json, types, version } = await openApiArtifacts();
await writeFile("openapi.json", json);
await writeFile("lib/client/api-types.ts", types);
await writeFile("lib/client/api-version.ts", version);
console.log("wrote openapi.json, lib/client/api-types.ts and lib/client/api-version.ts");
