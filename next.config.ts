import type { NextConfig } from "next";
import { ACTION_BODY_LIMIT_BYTES } from "./lib/http/action-body-limit";
import { API_CONTENT_SECURITY_POLICY, FIXED_SECURITY_HEADERS, HSTS } from "./lib/http/security-headers";

const nextConfig: NextConfig = {
  // Required for webpack builds; with Turbopack it keeps PGlite's wasm out of .next.
  serverExternalPackages: ["@electric-sql/pglite"],
  poweredByHeader: false,
  // `npm run typecheck` (next typegen, then tsc over the whole project, route types included) is the type check;
  // the build does not check the same program a second time. See docs/decisions/ci-under-ten-minutes.md.
  typescript: { ignoreBuildErrors: true },
  // A CSV import reaches its server action as text; proxy.ts answers a larger body 413 before Next sees it.
  experimental: { serverActions: { bodySizeLimit: ACTION_BODY_LIMIT_BYTES } },
  // A page's Content-Security-Policy needs a nonce per request: proxy.ts sets it. The API's is fixed (no scripts).
  headers: () =>
    Promise.resolve([
      { source: "/:path*", headers: FIXED_SECURITY_HEADERS },
      { source: "/api/:path*", headers: [API_CONTENT_SECURITY_POLICY] },
      { source: "/api/:path*", has: [{ type: "header", key: "x-forwarded-proto", value: "https" }], headers: [HSTS] },
    ]),
};

export default nextConfig;
