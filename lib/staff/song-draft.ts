import type { Conn } from "@/db/client";
import type { Actor } from "@/lib/auth/actor";
import { requireEmployee } from "@/lib/auth/require-employee";
import { loadRequestFacts } from "@/lib/requests/request-facts";
import { findRequestView } from "@/lib/requests/request-view";
import type { SongInput } from "@/lib/songs/schemas";

/**
 * "New catalog song" from a request nothing in the catalog fits: the title as filed, and the composers as filed, one
 * writer each ("J. Smith & K. Doe", "Lennon/McCartney"). The employee completes the owners.
 */
export async function songDraftForRequest(
  db: Conn,
  actor: Actor,
  requestId: number,
): Promise<Pick<SongInput, "title" | "writers">> {
  requireEmployee(actor, "manage the song catalog");
  await findRequestView(db, {}, requestId);
  const { track } = await loadRequestFacts(db, requestId);
  const writers = (track.songComposer ?? "")
    .split(/\s*(?:&|\+|,|;|\/|\band\b)\s*/i)
    .map((w) => w.trim())
    .filter(Boolean);
  return { title: track.songTitle, writers };
}
