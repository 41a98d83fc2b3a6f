// Child process of tests/integration/fault-pglite-kill.test.ts: opens the embedded database on a folder the way the
// server does, then writes accounts one by one, printing each name once its insert has returned (acknowledged).
import { createDb } from "@/db/client";
import { sql } from "drizzle-orm";

async function main(dataDir: string) {
  const handle = await createDb({ driver: "pglite", dataDir });
  await handle.migrate();
  for (let i = 0; ; i++) {
    const name = `Kill ${i}`;
    await handle.db.execute(sql`insert into accounts (name) values (${name})`);
    console.log(`acked ${name}`);
  }
}

void main(process.argv[2]!);
