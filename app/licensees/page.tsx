import type { Metadata } from "next";
import Link from "next/link";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { getDb } from "@/db";
import { requireActor } from "@/lib/auth/session";
import { listLicensees } from "@/lib/licensees/list-licensees";

export const metadata: Metadata = { title: "Licensees" };

export default async function LicenseesPage() {
  const { actor } = await requireActor();
  const licensees = await listLicensees(await getDb(), actor);
  return (
    <div>
      <PageHeader title="Licensees" description="The people and companies you file requests for." />
      {licensees.length === 0 ? (
        <EmptyState title="No licensees yet.">
          {actor.kind === "client" ? (
            <>
              A licensee is added with its first request: <Link href="/requests/new">file one</Link>.
            </>
          ) : null}
        </EmptyState>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
          {licensees.map((l) => (
            <li key={l.id} className="grid gap-1 px-4 py-3 sm:grid-cols-[2fr_2fr_auto] sm:items-baseline">
              <Link href={`/licensees/${l.id}`} className="font-medium break-words">
                {l.name}
              </Link>
              <span className="text-sm break-words text-slate-600">
                {[l.email, [l.city, l.country].filter(Boolean).join(", ")].filter(Boolean).join(" · ")}
              </span>
              <span className="text-sm text-slate-600">
                {l.albumCount} {l.albumCount === 1 ? "album" : "albums"}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
