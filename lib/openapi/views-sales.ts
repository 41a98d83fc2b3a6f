import { z } from "zod";
import type { SalesImport } from "@/lib/sales/import-sales";
import { exactly } from "./views";

const standingShape = {
  trackId: z.int(),
  formatId: z.int(),
  sold: z.int().meta({ description: "Units sold of the track in the format, every report so far" }),
  licensed: z.int().meta({ description: "The sum of releaseQuantity over the track's licensed requests in the format" }),
};

export const salesImportView = exactly<SalesImport>()(z
  .object({
    batchId: z.uuid(),
    lines: z.int(),
    standings: z.array(z.object(standingShape).meta({ id: "SalesStanding" })),
    alerts: z.array(
      z
        .object({
          ...standingShape,
          releaseId: z.int(),
          level: z.union([z.literal(80), z.literal(100)]),
          shortfall: z.int().meta({ description: "Units sold beyond the licensed ones (0 below 100 %)" }),
        })
        .meta({ id: "SalesAlert", description: "A threshold this upload crossed for the first time (also sent as the sales.threshold_reached event)" }),
    ),
  })
  .meta({ id: "SalesImport" }));
