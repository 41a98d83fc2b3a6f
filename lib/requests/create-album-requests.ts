import type { Db } from "@/db/client";
import type { Actor } from "@/lib/auth/actor";
import { DomainError, validationFailed } from "@/lib/errors";
import type { CreateAlbumRequestsInput } from "./album-requests-schema";
import { createRequest } from "./create-request";
import type { RequestView } from "./request-view";
import { requireClient } from "./require-client";
import type { CreateRequestInput } from "./schemas";

type TrackInput = Omit<CreateRequestInput["track"], "album" | "releases">;
/** A track to file, where it sits in the input (`tracks.0`, `tracks.1.parts.0`) and, for a part, its medley. */
type Planned = { path: string; track: TrackInput; wholeIndex?: number };

/**
 * Files one request per track (a medley: the whole, then each part) in ONE transaction: the first creates the
 * album and release, the following join them by id, exactly as an API client would. Nothing is created unless all are.
 */
export async function createAlbumRequests(db: Db, actor: Actor, input: CreateAlbumRequestsInput): Promise<RequestView[]> {
  requireClient(actor, "file license requests");
  const planned = plan(input);
  return db.transaction(async (tx) => {
    const created: RequestView[] = [];
    for (const { path, track, wholeIndex } of planned) {
      const first = created[0];
      const medleyTrackId = wholeIndex === undefined ? undefined : created[wholeIndex]?.trackId;
      const body: CreateRequestInput = {
        track: {
          ...track,
          medleyTrackId,
          album: first ? { id: first.albumId, licensee: { id: first.licenseeId } } : input.album,
          releases: [first ? { id: first.releaseId } : input.release],
        },
      };
      try {
        created.push(await createRequest(tx, actor, body));
      } catch (err) {
        throw err instanceof DomainError ? relocate(err, path) : err;
      }
    }
    return created;
  });
}

function plan(input: CreateAlbumRequestsInput): Planned[] {
  const planned: Planned[] = [];
  input.tracks.forEach(({ parts, ...whole }, i) => {
    const wholeIndex = planned.length;
    planned.push({ path: `tracks.${i}`, track: whole });
    parts.forEach((part, j) =>
      planned.push({ path: `tracks.${i}.parts.${j}`, track: { ...part, medley: false }, wholeIndex }),
    );
  });
  return planned;
}

/** Moves createRequest's field paths (`track.album.title`) onto this input's (`album.title`, `tracks.1.song.title`). */
function relocate(err: DomainError, trackPath: string): DomainError {
  if (err.code === "release_date_in_past" || err.code === "release_month_closed")
    return new DomainError(err.code, err.detail, [{ path: "release.releaseMonth", message: err.detail }]);
  if (!err.errors) return err;
  const errors = err.errors.map((e) => ({
    ...e,
    path: e.path
      .replace(/^track\.album\b/, "album")
      .replace(/^track\.releases\.0\b/, "release")
      .replace(/^track\b/, trackPath),
  }));
  return err.code === "validation_failed" ? validationFailed(errors) : new DomainError(err.code, err.detail, errors);
}
