export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { getDbHandle } = await import("./db");
    await getDbHandle();
  }
}
