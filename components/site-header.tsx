import Link from "next/link";
import type { Role } from "@/lib/auth/users";

const ROLE_LABEL: Record<Role, string> = { employee: "Service staff", client: "Client staff", licensee: "Licensee" };

const LINKS: Record<Role, { href: string; label: string }[]> = {
  client: [
    { href: "/dashboard", label: "Dashboard" },
    { href: "/requests", label: "Requests" },
    { href: "/requests/new", label: "New request" },
    { href: "/settings/api-keys", label: "API keys" },
  ],
  employee: [
    { href: "/dashboard", label: "Dashboard" },
    { href: "/staff/queue", label: "Queue" },
    { href: "/staff/songs", label: "Song catalog" },
    { href: "/staff/outbox", label: "Outbox" },
  ],
  licensee: [{ href: "/dashboard", label: "Dashboard" }],
};

export function SiteHeader({
  user,
  signOut,
}: {
  user: { name: string; role: Role } | null;
  signOut: () => Promise<void>;
}) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
        <Link href="/" className="text-lg font-semibold text-slate-900 no-underline">
          CoverDesk
        </Link>
        {user ? (
          <nav aria-label="Main" className="flex flex-wrap items-center gap-4 text-sm">
            {LINKS[user.role].map((link) => (
              <Link key={link.href} href={link.href}>
                {link.label}
              </Link>
            ))}
            <span className="text-slate-600">
              {user.name} · {ROLE_LABEL[user.role]}
            </span>
            <form action={signOut}>
              <button type="submit" className="rounded-md border border-slate-300 px-3 py-1 hover:bg-slate-100">
                Sign out
              </button>
            </form>
          </nav>
        ) : null}
      </div>
    </header>
  );
}
