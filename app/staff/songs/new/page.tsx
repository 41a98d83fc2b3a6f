import type { Metadata } from "next";
import Link from "next/link";
import { SongForm } from "@/components/staff/song-form";
import { requireStaffPage } from "@/lib/auth/require-staff-page";
import { saveSongAction } from "../actions";

export const metadata: Metadata = { title: "Add a song" };

export default async function NewSongPage() {
  await requireStaffPage();
  return (
    <div>
      <p className="mb-2 text-sm">
        <Link href="/staff/songs">← Song catalog</Link>
      </p>
      <h1 className="mb-4 text-2xl font-semibold">Add a song to the catalog</h1>
      <SongForm songId={null} initial={{ title: "", writers: [], owners: [] }} save={saveSongAction} submitLabel="Add the song" />
    </div>
  );
}
