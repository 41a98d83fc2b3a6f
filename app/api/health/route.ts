import { sql } from "drizzle-orm";
import { getDb } from "@/db";
import { publicRoute } from "@/lib/http/api-route";

export const GET = publicRoute(async () => {
  try {
    await (await getDb()).execute(sql`select 1`);
    return Response.json({ status: "ok" });
  } catch {
    return Response.json({ status: "unavailable" }, { status: 503 });
  }
});
