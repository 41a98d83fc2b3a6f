import { env } from "@/env";

/** Where links in emails point: PUBLIC_BASE_URL, else this server on PORT. */
export function publicBaseUrl(): string {
  const { PUBLIC_BASE_URL, PORT } = env();
  return (PUBLIC_BASE_URL ?? `http://localhost:${PORT}`).replace(/\/+$/, "");
}
