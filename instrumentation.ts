export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { getDb, getDbHandle } = await import("./db");
    await getDbHandle();
    // Staff notification mail goes out from the server itself unless OUTBOX_WORKER=off (see README).
    const { startInProcessOutboxWorker } = await import("./lib/outbox/outbox-worker");
    startInProcessOutboxWorker(getDb);
  }
}
