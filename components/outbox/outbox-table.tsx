import type { ReactNode } from "react";
import { formatDateTime } from "@/lib/formatting";
import type { OutboxListItem } from "@/lib/outbox/list-outbox-messages";
import { tableBoxClass, wideTableClass } from "@/components/ui/styles";

const STATE_STYLE = {
  pending: "bg-amber-100 text-amber-900",
  sent: "bg-emerald-100 text-emerald-900",
  failed: "bg-red-100 text-red-900",
} as const;

/** The outbox messages, one row each; `action` renders the retry control of a failed message. */
export function OutboxTable({
  items,
  action,
}: {
  items: OutboxListItem[];
  action: (item: OutboxListItem) => ReactNode;
}) {
  return (
    <div className={tableBoxClass}>
      <table className={wideTableClass}>
        <thead className="bg-slate-100 text-slate-700">
          <tr>
            <th className="px-3 py-2">Message</th>
            <th className="px-3 py-2">State</th>
            <th className="px-3 py-2">Attempts</th>
            <th className="px-3 py-2">Last error</th>
            <th className="px-3 py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((m) => (
            <tr key={m.id} className="border-t border-slate-100 align-top">
              <td className="px-3 py-2">
                <p className="font-medium">{m.subject}</p>
                <p className="text-slate-600">
                  #{m.id} · added {formatDateTime(m.dateAdded)} · to{" "}
                  {m.recipients.length ? m.recipients.join(", ") : "nobody yet"}
                </p>
              </td>
              <td className="px-3 py-2">
                <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATE_STYLE[m.status]}`}>
                  {m.status}
                </span>
                <p className="mt-1 text-slate-600">
                  {m.status === "sent" && m.sentAt ? `sent ${formatDateTime(m.sentAt)}` : null}
                  {m.status === "pending" && m.attempts > 0 ? `next attempt ${formatDateTime(m.nextAttemptAt)}` : null}
                </p>
              </td>
              <td className="px-3 py-2">{m.attempts}</td>
              <td className="max-w-xs px-3 py-2 break-words text-slate-700">{m.lastError ?? "—"}</td>
              <td className="px-3 py-2">{action(m)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
