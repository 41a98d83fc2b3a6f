/**
 * The dated versions of the API, oldest first (docs/api-guide.md, "Versions"). A caller pins one with the
 * `CoverDesk-Version` request header; without it the newest answers. Every /api answer names the version that
 * answered it. A new version is added at the end when a breaking change ships; the answers of an older one keep their
 * shape, branching on `ApiContext.version` where they differ, until the version is retired from this list.
 */
export const API_VERSIONS = ["2026-12-04"] as const;

export type ApiVersion = (typeof API_VERSIONS)[number];

export const LATEST_API_VERSION: ApiVersion = API_VERSIONS[API_VERSIONS.length - 1]!;

export const API_VERSION_HEADER = "CoverDesk-Version";

export const isApiVersion = (value: string): value is ApiVersion => (API_VERSIONS as readonly string[]).includes(value);
