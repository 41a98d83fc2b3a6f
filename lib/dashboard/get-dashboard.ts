import { and, desc, eq, type SQL } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { albums, licensees, requests, tracks } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { requestRows } from "@/lib/requests/request-rows";
import { listRecentSalesAlerts } from "@/lib/sales/list-recent-sales-alerts";
import { deadlineCounts } from "@/lib/staff/list-queue";
import { countRequestsByStatus } from "@/lib/requests/request-counts";
import type { StatusCode } from "@/lib/requests/statuses";
import { listNewestWallPosts } from "@/lib/wall/list-newest-wall-posts";

function recentRequests(db: Conn, where: SQL | undefined, limit: number) {
  return requestRows(db, {
    id: requests.id,
    statusCode: requests.statusCode,
    songTitle: tracks.songTitle,
    albumId: albums.id,
    albumTitle: albums.title,
    licensee: licensees.companyName,
    licenseeLastName: licensees.lastName,
    dateAdded: requests.dateAdded,
  })
    .where(where)
    .orderBy(desc(requests.dateAdded), desc(requests.id))
    .limit(limit);
}

export async function getDashboard(db: Conn, actor: Actor) {
  switch (actor.kind) {
    case "employee":
      return {
        kind: "employee" as const,
        counts: await countRequestsByStatus(db, undefined),
        deadlines: await deadlineCounts(db, actor),
        wallPosts: await listNewestWallPosts(db, actor),
      };
    case "client": {
      const where = eq(requests.accountId, actor.accountId);
      return {
        kind: "client" as const,
        counts: await countRequestsByStatus(db, actor.accountId),
        recent: await recentRequests(db, where, 10),
        salesAlerts: await listRecentSalesAlerts(db, actor.accountId),
      };
    }
    case "licensee": {
      const rows = await db
        .select({
          albumId: albums.id,
          title: albums.title,
          artist: albums.artist,
          requestId: requests.id,
          songTitle: tracks.songTitle,
          statusCode: requests.statusCode,
        })
        .from(albums)
        .leftJoin(tracks, eq(tracks.albumId, albums.id))
        .leftJoin(requests, eq(requests.trackId, tracks.id))
        .where(and(eq(albums.accountId, actor.accountId), eq(albums.licenseeId, actor.licenseeId)))
        .orderBy(desc(albums.dateAdded), desc(albums.id), desc(requests.id));
      const byAlbum = new Map<
        number,
        {
          id: number;
          title: string;
          artist: string;
          requests: { id: number; songTitle: string; statusCode: StatusCode }[];
        }
      >();
      for (const r of rows) {
        const album = byAlbum.get(r.albumId) ?? { id: r.albumId, title: r.title, artist: r.artist, requests: [] };
        byAlbum.set(r.albumId, album);
        if (r.requestId !== null && r.songTitle !== null && r.statusCode !== null)
          album.requests.push({ id: r.requestId, songTitle: r.songTitle, statusCode: r.statusCode });
      }
      return { kind: "licensee" as const, albums: [...byAlbum.values()] };
    }
  }
}
