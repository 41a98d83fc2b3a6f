import { seed } from "@/db/seed";
import { withDb } from "./with-db";

await withDb(async (h) => {
  const summary = await seed(h.db);
  console.error(`Demo data ready (${h.driver}): ${summary}`);
});
