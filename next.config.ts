import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Required for webpack builds; with Turbopack it keeps PGlite's wasm out of .next.
  serverExternalPackages: ["@electric-sql/pglite"],
  poweredByHeader: false,
};

export default nextConfig;
