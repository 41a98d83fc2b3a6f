import type { CannotLicenseReason, StatusCode } from "./statuses";

export type PartStatus = { code: StatusCode; reason: CannotLicenseReason | null };
export type WholeMove = { to: StatusCode; reason?: CannotLicenseReason | null; note: string };

const FINAL: readonly StatusCode[] = ["licensed", "cannot_license", "cancelled"];
const READY: readonly StatusCode[] = ["ready", "need_payment"];
const BEGUN: readonly StatusCode[] = ["in_progress", "licensed"];

/**
 * Where a medley as a whole goes when one of its song parts (on the same release) moves (docs/product-rules.md, "Medleys"): it follows
 * its parts. Parts the client cancelled are left out; a whole with fewer than two parts never becomes ready.
 * `null`: the whole stays where it is.
 */
export function medleyWholeMove(current: StatusCode, parts: readonly PartStatus[]): WholeMove | null {
  if (FINAL.includes(current)) return null;
  const refused = parts.find((p) => p.code === "cannot_license");
  if (refused)
    return { to: "cannot_license", reason: refused.reason, note: "A song part of this medley cannot be licensed." };
  const live = parts.filter((p) => p.code !== "cancelled");
  if (parts.length < 2 || live.length === 0) return null;
  const move = (to: StatusCode, note: string) => (to === current ? null : { to, note });
  if (live.every((p) => p.code === "licensed")) return move("licensed", "Every song part of this medley is licensed.");
  if (live.some((p) => BEGUN.includes(p.code)))
    return move("in_progress", "Licensing has begun on the song parts of this medley.");
  if (live.every((p) => READY.includes(p.code))) return move("ready", "Every song part of this medley is ready.");
  if (READY.includes(current)) return move("new", "A song part of this medley is no longer ready.");
  return null;
}
