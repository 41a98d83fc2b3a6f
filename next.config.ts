import type { NextConfig } from "next";
import { FIXED_SECURITY_HEADERS } from "./lib/http/security-headers";

const nextConfig: NextConfig = {
  // Required for webpack builds; with Turbopack it keeps PGlite's wasm out of .next.
  serverExternalPackages: ["@electric-sql/pglite"],
  poweredByHeader: false,
  // A CSV import (lib/imports/csv-limits.ts: at most 5 MiB) reaches its server action as text.
  experimental: { serverActions: { bodySizeLimit: "6mb" } },
  // The Content-Security-Policy needs a nonce per request: proxy.ts sets it.
  headers: () => Promise.resolve([{ source: "/:path*", headers: FIXED_SECURITY_HEADERS }]),
};

export default nextConfig;
