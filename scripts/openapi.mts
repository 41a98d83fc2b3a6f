// npm run openapi: writes openapi.json (the API's OpenAPI document), lib/client/api-types.ts (its TypeScript types),
// lib/client/api-version.ts (the API version those types describe) and lib/http/api-methods.json (each path's methods,
// for the 405 of a method a route does not take).
import { writeFile } from "node:fs/promises";
import { openApiArtifacts } from "../lib/openapi/artifacts";

const { json, types, version, methods } = await openApiArtifacts();
await writeFile("openapi.json", json);
await writeFile("lib/client/api-types.ts", types);
await writeFile("lib/client/api-version.ts", version);
await writeFile("lib/http/api-methods.json", methods);
console.log("wrote openapi.json, lib/client/api-types.ts, lib/client/api-version.ts and lib/http/api-methods.json");
