import { STATUSES, type StatusCode } from "@/lib/requests/statuses";

const TONE: Record<StatusCode, string> = {
  new: "bg-sky-100 text-sky-900",
  need_info: "bg-amber-100 text-amber-900",
  ready: "bg-violet-100 text-violet-900",
  need_payment: "bg-orange-100 text-orange-900",
  in_progress: "bg-indigo-100 text-indigo-900",
  licensed: "bg-emerald-100 text-emerald-900",
  cannot_license: "bg-red-100 text-red-900",
  cancelled: "bg-slate-200 text-slate-800",
};

export function StatusBadge({ code }: { code: StatusCode }) {
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${TONE[code]}`}>
      {STATUSES[code].label}
    </span>
  );
}
