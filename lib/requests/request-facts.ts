import { eq } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { accounts, albums, formats, licensees, releases, requests, tracks } from "@/db/schema";
import { notFound } from "@/lib/errors";
import { requestRows } from "./request-rows";

/**
 * Everything a person reads about one request: account, licensee, album, track and song as filed, release
 * and format. Not scoped: callers check access first (findRequestView with the actor's scope).
 */
export async function loadRequestFacts(db: Conn, requestId: number) {
  const [row] = await requestRows(db, {
    request: requests,
    accountName: accounts.name,
    licensee: licensees,
    album: albums,
    track: tracks,
    release: releases,
    formatTitle: formats.title,
    formatPhysical: formats.physical,
  })
    .innerJoin(accounts, eq(accounts.id, requests.accountId))
    .innerJoin(formats, eq(formats.id, releases.formatId))
    .where(eq(requests.id, requestId));
  if (!row) throw notFound(`Request ${requestId}`);
  return row;
}
