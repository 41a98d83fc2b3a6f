import type { Lockout } from "@/lib/auth/list-lockouts";
import { formatDateTime } from "@/lib/formatting";
import { tableBoxClass } from "@/components/ui/styles";

/** The staff's view of password guessing: sign-in lockouts of the last days (lib/auth/sign-in-throttle.ts). */
export function RecentLockouts({ lockouts }: { lockouts: Lockout[] }) {
  return (
    <section aria-labelledby="lockouts-heading" className="space-y-2">
      <h2 id="lockouts-heading" className="text-lg font-semibold">
        Recent sign-in lockouts
      </h2>
      {lockouts.length === 0 ? (
        <p className="text-sm text-slate-600">No email or network was locked out in the last 7 days.</p>
      ) : (
        <div className={tableBoxClass}>
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-100 text-slate-700">
              <tr>
                <th className="px-3 py-2">When</th>
                <th className="px-3 py-2">Email tried</th>
                <th className="px-3 py-2">From IP</th>
                <th className="px-3 py-2">Locked</th>
                <th className="px-3 py-2">Until</th>
              </tr>
            </thead>
            <tbody>
              {lockouts.map((l) => (
                <tr key={l.id} className="border-t border-slate-100">
                  <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(l.at)}</td>
                  <td className="px-3 py-2">{l.email}</td>
                  <td className="px-3 py-2">{l.ip ?? "unknown"}</td>
                  <td className="px-3 py-2">{l.scope.startsWith("ip:") ? "the IP" : "the email"}</td>
                  <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(l.until)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
