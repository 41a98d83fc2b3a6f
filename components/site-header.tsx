import Link from "@/components/ui/link";
import type { ClientRole } from "@/lib/auth/client-roles";
import type { Role } from "@/lib/auth/users";

type Seat = Role | `client:${ClientRole}`;
const ROLE_LABEL: Record<Seat, string> = {
  employee: "Service staff",
  client: "Client staff",
  "client:admin": "Client admin",
  "client:member": "Client member",
  licensee: "Licensee",
};

const PROFILE = { href: "/settings/profile", label: "Profile" };
const CLIENT = [
  { href: "/dashboard", label: "Dashboard" },
  { href: "/requests", label: "Requests" },
  { href: "/requests/new", label: "New request" },
  { href: "/imports", label: "Imports" },
  { href: "/billing", label: "Billing" },
  { href: "/people", label: "People" },
];
const LINKS: Record<Seat, { href: string; label: string }[]> = {
  client: [...CLIENT, PROFILE],
  "client:admin": [
    ...CLIENT,
    { href: "/settings/api-keys", label: "API keys" },
    { href: "/settings/webhooks", label: "Webhooks" },
    PROFILE,
  ],
  "client:member": [...CLIENT, PROFILE],
  employee: [
    { href: "/dashboard", label: "Dashboard" },
    { href: "/staff/queue", label: "Queue" },
    { href: "/staff/notices", label: "Notices" },
    { href: "/staff/songs", label: "Song catalog" },
    { href: "/staff/accounts", label: "Accounts" },
    { href: "/staff/payments", label: "Payments" },
    { href: "/staff/fees", label: "Fees" },
    { href: "/staff/rates", label: "Rates" },
    { href: "/staff/streaming-services", label: "Streaming" },
    { href: "/staff/owners", label: "Owners" },
    { href: "/staff/statements", label: "Statements" },
    { href: "/people", label: "People" },
    { href: "/staff/outbox", label: "Outbox" },
    PROFILE,
  ],
  licensee: [{ href: "/dashboard", label: "Dashboard" }, PROFILE],
};

export function SiteHeader({
  user,
  signOut,
}: {
  user: { name: string; role: Role; clientRole: ClientRole | null } | null;
  signOut: () => Promise<void>;
}) {
  const seat: Seat | null = user
    ? user.role === "client" && user.clientRole
      ? `client:${user.clientRole}`
      : user.role
    : null;
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
        <Link href="/" className="text-lg font-semibold text-slate-900 no-underline">
          CoverDesk
        </Link>
        {user ? (
          <nav aria-label="Main" className="flex flex-wrap items-center gap-4 text-sm">
            {LINKS[seat!].map((link) => (
              <Link key={link.href} href={link.href}>
                {link.label}
              </Link>
            ))}
            <span className="text-slate-600">
              {user.name} · {ROLE_LABEL[seat!]}
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
