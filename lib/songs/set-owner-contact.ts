import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { songOwners } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { requireEmployee } from "@/lib/auth/require-employee";
import { recordAudit } from "@/lib/audit/record-audit";
import { notFound } from "@/lib/errors";
import type { OwnerContactInput } from "./schemas";
import { findSongView, type SongView } from "./song-view";

/**
 * PUT /api/owners/{id}/contact: staff replace an owner's email, whether the owner designated it for notices of
 * intention, and postal address. Allowed once licensing has begun on the song (when notices are served and a missing
 * address shows up), unlike the owners and shares, which are frozen then. Notices already served keep the day and way they were served; the answer is the owner's song.
 */
export async function setOwnerContact(
  db: Db,
  actor: Actor,
  ownerId: number,
  input: OwnerContactInput,
): Promise<SongView> {
  const employee = requireEmployee(actor, "manage the song catalog");
  const songId = await db.transaction(async (tx) => {
    const [owner] = await tx
      .update(songOwners)
      .set({
        email: input.email,
        noticeEmailDesignated: input.noticeEmailDesignated,
        postalAddress: input.postalAddress,
      })
      .where(eq(songOwners.id, ownerId))
      .returning({ songId: songOwners.songId });
    if (!owner) throw notFound(`Owner ${ownerId}`);
    await recordAudit(tx, employee, {
      action: "owner.contact_set",
      entityType: "song_owner",
      entityId: ownerId,
      accountId: null,
    });
    return owner.songId;
  });
  return findSongView(db, songId);
}
