/** Where links in emails point: PUBLIC_BASE_URL, else this server on PORT. */
export function publicBaseUrl(env: NodeJS.ProcessEnv = process.env): string {
  return (env.PUBLIC_BASE_URL || `http://localhost:${env.PORT || 3000}`).replace(/\/+$/, "");
}
