import { defineConfig } from "drizzle-kit";

const url = process.env.DATABASE_URL;
export default url
  ? defineConfig({
      dialect: "postgresql",
      schema: "./db/schema/index.ts",
      out: "./db/migrations",
      dbCredentials: { url },
    })
  : defineConfig({
      dialect: "postgresql",
      driver: "pglite",
      schema: "./db/schema/index.ts",
      out: "./db/migrations",
      dbCredentials: { url: process.env.PGLITE_DIR ?? "./.data/pglite" }, // stop the app first
    });
