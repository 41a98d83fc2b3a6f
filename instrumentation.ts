export async function register() {
  // NEXT_RUNTIME is not a setting: Next replaces this expression at build time, so the edge build drops the
  // branch and its Node-only imports. It cannot move into env.ts without losing that.
  // eslint-disable-next-line no-restricted-properties
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { checkServerEnv, EnvError } = await import("./env");
    try {
      checkServerEnv();
    } catch (e) {
      if (!(e instanceof EnvError)) throw e;
      // Next keeps serving (every answer a 500) when register() throws: stop instead, saying what to fix.
      console.error(e.message);
      process.exit(1);
    }
    const [{ refuseMethods }, { API_CONTENT_SECURITY_POLICY, FIXED_SECURITY_HEADERS }, { stampSocketAddresses }] =
      await Promise.all([
        import("./lib/http/refuse-methods"),
        import("./lib/http/security-headers"),
        import("./lib/http/socket-address"),
      ]);
    refuseMethods(FIXED_SECURITY_HEADERS, [...FIXED_SECURITY_HEADERS, API_CONTENT_SECURITY_POLICY]);
    // Per-IP limits read the client's address from the socket (lib/http/client-ip.ts), which Next does not pass on.
    stampSocketAddresses();
    const { getDb, getDbHandle } = await import("./db");
    await getDbHandle();
    // Staff notification mail goes out from the server itself unless OUTBOX_WORKER=off (docs/operations.md, "Background jobs").
    const { startInProcessOutboxWorker } = await import("./lib/jobs/outbox-worker");
    startInProcessOutboxWorker(getDb);
  }
}
