"use client";

import { useEffect, useState } from "react";
import type { FormResult } from "@/lib/forms/form-result";

/** An existing release of an album; `refusal` says why a new track cannot join it (null: it can). */
export type ReleaseOption = {
  id: number;
  formatId: number;
  formatTitle: string;
  releaseMonth: number;
  releaseYear: number;
  releaseQuantity: number;
  expectedOutletsOfDistribution: string | null;
  refusal: string | null;
};
export type AlbumOption = { id: number; title: string; artist: string; trackCount: number; releases: ReleaseOption[] };
/** null while loading (or no licensee), "failed" when the server could not answer. */
export type LicenseeAlbums = AlbumOption[] | "failed" | null;

/** The albums of the chosen existing licensee, loaded when it changes. */
export function useLicenseeAlbums(
  licenseeId: string | null,
  load: (licenseeId: string) => Promise<FormResult<AlbumOption[]>>,
): LicenseeAlbums {
  const [loaded, setLoaded] = useState<{ licenseeId: string; albums: AlbumOption[] | "failed" } | null>(null);
  useEffect(() => {
    if (!licenseeId) return;
    let current = true;
    load(licenseeId).then(
      (result) => current && setLoaded({ licenseeId, albums: result.ok ? result.data : "failed" }),
      () => current && setLoaded({ licenseeId, albums: "failed" }),
    );
    return () => {
      current = false;
    };
  }, [licenseeId, load]);
  return loaded && loaded.licenseeId === licenseeId ? loaded.albums : null;
}
