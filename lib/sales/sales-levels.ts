// The rules of sales against licensed units (product.md §13), without data access: the album page's components
// show them with the same words and numbers the use cases act on.

/** A track's sales in one format against its licensed units there. */
export type Standing = { trackId: number; formatId: number; sold: number; licensed: number };

/** The thresholds that alert, in percent of the licensed units. */
export const ALERT_LEVELS = [80, 100] as const;
export type AlertLevel = (typeof ALERT_LEVELS)[number];

/** The highest threshold the sales reached (100 also when nothing is licensed yet in that format), or null. */
export function levelOf(s: Pick<Standing, "sold" | "licensed">): AlertLevel | null {
  if (s.sold === 0) return null;
  if (s.sold >= s.licensed) return 100;
  return s.sold * 100 >= s.licensed * 80 ? 80 : null;
}

export const shortfallOf = (s: Pick<Standing, "sold" | "licensed">) => Math.max(0, s.sold - s.licensed);

/** The margins the one-click reorder offers, in percent of the units sold so far. */
export const REORDER_MARGINS = [0, 10, 25] as const;

/** What the one-click reorder files for a format: the track with the largest shortfall decides for the whole album. */
export type ShortfallPlan = { formatId: number; trackId: number; sold: number; licensed: number; shortfall: number; tracksOver: number };

/** The plan for a format, or null while no track of the album sold all its licensed units there. */
export function shortfallPlan(standings: Standing[], formatId: number): ShortfallPlan | null {
  const over = standings.filter((s) => s.formatId === formatId && levelOf(s) === 100);
  const [largest] = over.toSorted((a, b) => shortfallOf(b) - shortfallOf(a) || b.sold - a.sold);
  if (!largest) return null;
  return { formatId, trackId: largest.trackId, sold: largest.sold, licensed: largest.licensed, shortfall: shortfallOf(largest), tracksOver: over.length };
}

/** The units to reorder: the shortfall plus the margin (a share of the units sold so far), at least one. */
export const reorderUnits = (plan: Pick<ShortfallPlan, "sold" | "shortfall">, marginPercent: number) =>
  Math.max(1, plan.shortfall + Math.ceil((plan.sold * marginPercent) / 100));

/** Sales of one format on the album: every track's standing, the over-quantity reorder plan, and the chart's series. */
export type FormatSales = {
  formatId: number;
  standings: Standing[];
  level: AlertLevel | null;
  plan: ShortfallPlan | null;
  /** The track nearest to (or furthest past) its licensed units: its cumulative units by day, against its licensed line. */
  chart: { trackId: number; licensed: number; points: { date: string; units: number }[] };
};
