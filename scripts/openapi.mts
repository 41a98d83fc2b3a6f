// npm run openapi: writes openapi.json (the API's OpenAPI document) and lib/client/api-types.ts (its TypeScript types).
import { writeFile } from "node:fs/promises";
import { openApiArtifacts } from "../lib/openapi/artifacts";

const { json, types } = await openApiArtifacts();
await writeFile("openapi.json", json);
await writeFile("lib/client/api-types.ts", types);
console.log("wrote openapi.json and lib/client/api-types.ts");
