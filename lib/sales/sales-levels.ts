// The rules of sales against licensed units (docs/product-rules.md, "Tracks and licensed units"), without data access: the album page's components
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

/** Units of a track in a format: licensed, or on requests still being licensed (a reorder filed and not yet licensed). */
export type TrackUnits = { trackId: number; formatId: number; units: number };

/**
 * What the one-click reorder files for a format: the track with the largest shortfall not yet covered by units being
 * licensed decides for the whole album. `uncovered` is 0 when pending reorders already cover every shortfall.
 */
export type ShortfallPlan = {
  formatId: number;
  trackId: number;
  sold: number;
  licensed: number;
  shortfall: number;
  pending: number;
  uncovered: number;
  tracksOver: number;
};

/** The plan for a format, or null while no track of the album sold all its licensed units there. */
export function shortfallPlan(standings: Standing[], formatId: number, pending: TrackUnits[]): ShortfallPlan | null {
  const pendingOf = (s: Standing) =>
    pending.find((p) => p.trackId === s.trackId && p.formatId === formatId)?.units ?? 0;
  const over = standings
    .filter((s) => s.formatId === formatId && levelOf(s) === 100)
    .map((s) => ({
      ...s,
      shortfall: shortfallOf(s),
      pending: pendingOf(s),
      uncovered: Math.max(0, shortfallOf(s) - pendingOf(s)),
    }));
  const [largest] = over.toSorted((a, b) => b.uncovered - a.uncovered || b.shortfall - a.shortfall || b.sold - a.sold);
  if (!largest) return null;
  const { trackId, sold, licensed, shortfall, uncovered } = largest;
  return { formatId, trackId, sold, licensed, shortfall, pending: largest.pending, uncovered, tracksOver: over.length };
}

/** The units to reorder: the shortfall not yet covered plus the margin (a share of the units sold so far), at least one. */
export const reorderUnits = (plan: Pick<ShortfallPlan, "sold" | "uncovered">, marginPercent: number) =>
  Math.max(1, plan.uncovered + Math.ceil((plan.sold * marginPercent) / 100));

/** Sales of one format on the album: every track's standing, the over-quantity reorder plan, and the chart's series. */
export type FormatSales = {
  formatId: number;
  standings: Standing[];
  level: AlertLevel | null;
  plan: ShortfallPlan | null;
  /** The track nearest to (or furthest past) its licensed units: its cumulative units by day, against its licensed line. */
  chart: { trackId: number; licensed: number; points: { date: string; units: number }[] };
};
