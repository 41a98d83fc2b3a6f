import type { Tx } from "@/db/client";
import { insertStatement } from "@/db/statement";
import { releases } from "@/db/schema";
import type { newReleaseValues } from "./new-release-values";

// Initial requests and reorders both add releases through it: built once (db/statement.ts).
const insertReleaseRow = insertStatement(releases, [
  "accountId",
  "albumId",
  "formatId",
  "releaseMonth",
  "releaseYear",
  "releaseQuantity",
  "expectedOutletsOfDistribution",
  "label",
  "catalogNumber",
  "manufactureDate",
]);

/** Adds a release checked by newReleaseValues to an album; call it inside the filing transaction. */
export async function insertRelease(
  tx: Tx,
  owner: { accountId: number; albumId: number },
  values: ReturnType<typeof newReleaseValues>,
) {
  const [row] = await insertReleaseRow.run(tx, {
    accountId: owner.accountId,
    albumId: owner.albumId,
    formatId: values.formatId,
    releaseMonth: values.releaseMonth,
    releaseYear: values.releaseYear,
    releaseQuantity: values.releaseQuantity,
    expectedOutletsOfDistribution: values.expectedOutletsOfDistribution,
    label: values.label,
    catalogNumber: values.catalogNumber,
    manufactureDate: values.manufactureDate,
  });
  if (!row) throw new Error("The release's insert returned no row");
  return row;
}
