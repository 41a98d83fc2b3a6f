import type { Actor } from "@/lib/auth/actor";
import { VISIBILITIES, type Visibility } from "./visibilities";
import type { WallPostRow } from "./wall-post-view";

/**
 * The one rule of who reads what, for wall posts and status notes alike, in every page, API answer, email and
 * webhook: a public post is for everyone who may see the album, a private one for client staff and employees (never
 * a licensee), a staff-only one for employees alone.
 */
export function mayRead(reader: Pick<Actor, "kind">, visibility: Visibility): boolean {
  switch (visibility) {
    case "public":
      return true;
    case "private":
      return reader.kind !== "licensee";
    case "staff":
      return reader.kind === "employee";
  }
}

/** The visibilities `reader` may read, for the `where` of every query (a post it may not read never leaves the database). */
export const readableVisibilities = (reader: Pick<Actor, "kind">): Visibility[] =>
  VISIBILITIES.filter((v) => mayRead(reader, v));

/** Whether `reader` may read posts and notes of every visibility (an employee). */
export const readsEverything = (reader: Pick<Actor, "kind">) =>
  readableVisibilities(reader).length === VISIBILITIES.length;

/** One may write only what one may read, and licensees write public posts only (they cannot keep anything from their label). */
export function mayWrite(writer: Pick<Actor, "kind">, visibility: Visibility): boolean {
  return writer.kind === "licensee" ? visibility === "public" : mayRead(writer, visibility);
}

/** The visibilities `writer` may choose from, widest first. */
export const writableVisibilities = (writer: Pick<Actor, "kind">): Visibility[] =>
  VISIBILITIES.filter((v) => mayWrite(writer, v));

/**
 * Employees may delete any post; client staff the posts written from their account (their own and their
 * licensees'); a licensee its own posts.
 */
export function mayDeleteWallPost(
  actor: Actor,
  post: Pick<WallPostRow, "authorAccountId" | "authorLicenseeId">,
): boolean {
  switch (actor.kind) {
    case "employee":
      return true;
    case "client":
      return post.authorAccountId === actor.accountId;
    case "licensee":
      return post.authorLicenseeId === actor.licenseeId;
  }
}
