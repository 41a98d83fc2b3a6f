import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { notFound } from "next/navigation";
import { QueryProvider } from "@/components/query-provider";
import { WallBoard } from "@/components/wall/wall-board";
import { getDb } from "@/db";
import { scopeOf } from "@/lib/auth/actor";
import { requireActor } from "@/lib/auth/session";
import { findAlbum } from "@/lib/albums/find-album";
import { serviceTimeZone } from "@/lib/clock";
import { orNotFound } from "@/lib/forms/or-not-found";
import { listWallThreads } from "@/lib/wall/list-wall-threads";
import { writableVisibilities } from "@/lib/wall/wall-permissions";
import { deleteFromWall, loadWallPage, postOnWall } from "./actions";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Wall · Album ${(await params).id}` };
}

export default async function AlbumWallPage({ params }: Props) {
  const { actor } = await requireActor();
  const { id } = await params;
  if (!/^[1-9]\d{0,9}$/.test(id) || Number(id) > 2_147_483_647) notFound();
  const db = await getDb();
  const album = await orNotFound(() => findAlbum(db, scopeOf(actor), Number(id)));
  const firstPage = await listWallThreads(db, actor, album.id, { offset: 0 });

  return (
    <div className="mx-auto max-w-3xl">
      <nav aria-label="Breadcrumb" className="mb-2 text-sm">
        <Link href={`/albums/${album.id}`}>← Album “{album.title}”</Link>
      </nav>
      <h1 className="text-2xl font-semibold">Wall of “{album.title}”</h1>
      <p className="mb-6 text-slate-600">
        by {album.artist}.{" "}
        {actor.kind === "licensee"
          ? "Messages between you, your label and CoverDesk staff."
          : actor.kind === "employee"
            ? "Public posts are seen by the licensee; private posts by the client's team and CoverDesk staff; staff-only posts by CoverDesk staff alone."
            : "Public posts are seen by the licensee; private posts only by your team and CoverDesk staff."}
      </p>
      <QueryProvider>
        <WallBoard
          albumId={album.id}
          initialPage={firstPage}
          visibilities={writableVisibilities(actor)}
          timeZone={serviceTimeZone()}
          actions={{ loadPage: loadWallPage, post: postOnWall, remove: deleteFromWall }}
        />
      </QueryProvider>
    </div>
  );
}
