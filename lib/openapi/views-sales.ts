import { z } from "zod";
import type { ReleaseSales } from "@/lib/sales/get-release-sales";
import type { SalesImport } from "@/lib/sales/import-sales";
import { exactly } from "./views";

const standingShape = {
  trackId: z.int(),
  formatId: z.int(),
  sold: z.int().meta({ description: "Units sold of the track in the format, every report so far" }),
  licensed: z
    .int()
    .meta({ description: "The sum of releaseQuantity over the track's licensed requests in the format" }),
};

export const salesAlertView = z
  .object({
    ...standingShape,
    releaseId: z.int(),
    level: z.union([z.literal(80), z.literal(100)]),
    shortfall: z.int().meta({ description: "Units sold beyond the licensed ones (0 below 100 %)" }),
  })
  .meta({
    id: "SalesAlert",
    description: "A threshold this upload crossed for the first time (also sent as the sales.alert event)",
  });

export const salesImportView = exactly<SalesImport>()(
  z
    .object({
      batchId: z.uuid(),
      lines: z.int(),
      standings: z.array(z.object(standingShape).meta({ id: "SalesStanding" })),
      alerts: z.array(salesAlertView),
    })
    .meta({ id: "SalesImport" }),
);

const level = z.union([z.literal(80), z.literal(100)]).nullable();

export const releaseSalesView = exactly<ReleaseSales>()(
  z
    .object({
      releaseId: z.int(),
      albumId: z.int(),
      formatId: z.int().meta({ description: "The release's format: sales and licensed units are counted in it" }),
      tracks: z
        .array(
          z
            .object({
              ...standingShape,
              pending: z.int().meta({
                description: "Units of the track in the format on requests still being licensed (a reorder filed)",
              }),
              level: level.meta({
                description: "The highest threshold the track's sales reached, in percent of its licensed units",
              }),
            })
            .meta({ id: "TrackSales" }),
        )
        .meta({ description: "Every track the release carries, also those with no sales yet" }),
      level: level.meta({ description: "The highest threshold any of its tracks reached" }),
      plan: z
        .object({
          formatId: z.int(),
          trackId: z.int().meta({ description: "The track whose shortfall decides the reorder" }),
          sold: z.int(),
          licensed: z.int(),
          shortfall: z.int().meta({ description: "Units sold beyond the licensed ones" }),
          pending: z.int(),
          uncovered: z.int().meta({
            description: "The shortfall not yet covered by units being licensed: 0 means nothing needs reordering",
          }),
          tracksOver: z.int().meta({ description: "Tracks of the release past their licensed units" }),
        })
        .nullable()
        .meta({
          id: "ShortfallPlan",
          description:
            "What the album page's one-click reorder would cover, or null while no track sold all its licensed units",
        }),
    })
    .meta({ id: "ReleaseSales" }),
);
