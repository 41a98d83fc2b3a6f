import type { ImportRowInput } from "./import-row-schema";

/** What a later row may need of a row with a trackKey: its number, whether it is a medley whole, its albumKey, whether it passed. */
type KeyedRow = { row: number; medley: boolean; albumKey: string | null; valid: boolean };
type Issue = { path: string; message: string };

/**
 * A medley whole and its parts in one import: a trackKey names one row, and a part's medleyKey names an earlier
 * row's trackKey. Rows are read in order: `issues` gives a parsed row's refusals by field, then `add` remembers it.
 */
export function medleyKeys() {
  const byKey = new Map<string, KeyedRow>();
  return {
    issues({ trackKey, medleyKey, albumKey, track }: ImportRowInput): Issue[] {
      const issues: Issue[] = [];
      const taken = trackKey ? byKey.get(trackKey) : undefined;
      if (taken)
        issues.push({
          path: "trackKey",
          message: `row ${taken.row} already has trackKey "${trackKey}": a trackKey names one row of the import`,
        });
      if (!medleyKey) return issues;
      if (track.medley)
        issues.push({ path: "track.medley", message: "a medley part (medleyKey) cannot be a medley itself" });
      if (track.medleyTrackId !== undefined)
        issues.push({
          path: "track.medleyTrackId",
          message: "a part names its medley by medleyKey or by medleyTrackId, not both",
        });
      const whole = byKey.get(medleyKey);
      if (!whole)
        issues.push({
          path: "medleyKey",
          message: `no earlier row has trackKey "${medleyKey}": a medley comes before its parts`,
        });
      else if (!whole.valid) issues.push({ path: "medleyKey", message: `its medley, row ${whole.row}, has errors` });
      else if (!whole.medley)
        issues.push({ path: "medleyKey", message: `row ${whole.row} is not a medley (give it medley: yes)` });
      else if (!whole.albumKey)
        issues.push({
          path: "medleyKey",
          message: `its medley, row ${whole.row}, has no albumKey: a medley and its parts share one`,
        });
      else if (albumKey !== whole.albumKey)
        issues.push({
          path: "albumKey",
          message: `must be "${whole.albumKey}", the albumKey of its medley, row ${whole.row}`,
        });
      return issues;
    },
    /** The first row of a trackKey, valid or not: a part of an invalid whole is invalid. */
    add(trackKey: string | null, row: KeyedRow) {
      if (trackKey && !byKey.has(trackKey)) byKey.set(trackKey, row);
    },
  };
}
