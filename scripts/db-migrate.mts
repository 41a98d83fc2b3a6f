import { withDb } from "./with-db";

const driver = await withDb((h) => Promise.resolve(h.driver));
console.error(`Migrations applied (${driver}).`);
