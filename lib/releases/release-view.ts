import type { releases } from "@/db/schema";

type ReleaseRow = typeof releases.$inferSelect;

export const toReleaseView = (r: ReleaseRow) => ({
  id: r.id,
  formatId: r.formatId,
  releaseMonth: r.releaseMonth,
  releaseYear: r.releaseYear,
  releaseQuantity: r.releaseQuantity,
  expectedOutletsOfDistribution: r.expectedOutletsOfDistribution,
  label: r.label,
  catalogNumber: r.catalogNumber,
  manufactureDate: r.manufactureDate,
  dateAdded: r.dateAdded.toISOString(),
});
export type ReleaseView = ReturnType<typeof toReleaseView>;
