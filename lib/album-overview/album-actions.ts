import { requireEditor, type Actor } from "@/lib/auth/actor";
import { allOf, allowed, permission, refused } from "@/lib/auth/permission";
import { openLicensee } from "@/lib/requests/request-actions";
import { requireClient } from "@/lib/auth/require-client";

/**
 * What `actor` may do on the album page, each with the reason when refused, from the gates its use cases enforce:
 * editing (patchAlbum, patchTrack, patchRelease; each field's own lock is in the page's `locks`), reordering
 * (reorderTrack, reorderShortfall) and uploading sales reports (importSales).
 */
export function albumActions(actor: Actor, album: { tracks: readonly unknown[] }) {
  return {
    edit: permission(() => requireEditor(actor)),
    /** "License more units": a new release for every track of the album. */
    reorder: allOf(
      permission(() => requireClient(actor, "reorder")),
      album.tracks.length > 0 ? allowed : refused("The album has no tracks yet to license more units of."),
    ),
    /** The over-quantity warning's one-click reorder. */
    reorderShortfall: permission(() => requireClient(actor, "reorder")),
    uploadSales: permission(() => requireClient(actor, "upload sales reports")),
    openLicensee: openLicensee(actor),
  };
}
