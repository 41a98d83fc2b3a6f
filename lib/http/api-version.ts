import {
  API_VERSION_HEADER,
  API_VERSIONS,
  isApiVersion,
  LATEST_API_VERSION,
  type ApiVersion,
} from "@/lib/api-versions";
import { validationFailed } from "@/lib/errors";

/**
 * The version a request pins with its `CoverDesk-Version` header, read once per request by the route wrappers: the
 * newest when it sends none, `unknown` when it names one this server does not serve (refused once the caller is
 * known, as a 400 like any other bad input).
 */
export function requestedApiVersion(req: Request): { version: ApiVersion; unknown?: string } {
  const given = req.headers.get(API_VERSION_HEADER);
  if (given === null) return { version: LATEST_API_VERSION };
  const trimmed = given.trim();
  return isApiVersion(trimmed) ? { version: trimmed } : { version: LATEST_API_VERSION, unknown: trimmed };
}

/** 400 `validation_failed` for a version this server does not serve, naming those it does. */
export function refuseUnknownApiVersion(requested: { unknown?: string }) {
  if (requested.unknown === undefined) return;
  const known = API_VERSIONS.join(", ");
  throw validationFailed([
    {
      path: API_VERSION_HEADER,
      message: `${requested.unknown.slice(0, 40) || "an empty value"} is not a version of this API; known versions: ${known}`,
    },
  ]);
}

/** Names the version that answered, on every /api answer (a problem, a redirect and a file included). */
export function withApiVersion(response: Response, version: ApiVersion): Response {
  response.headers.set(API_VERSION_HEADER, version);
  return response;
}
