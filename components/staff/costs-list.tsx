import { formatDate, formatUsd } from "@/lib/formatting";

/** What the service paid on a request's behalf (Copyright Office filing fees). */
export function CostsList({
  costs,
}: {
  costs: { id: number; description: string; amount: string; dateAdded: Date }[];
}) {
  return (
    <ul className="space-y-1 text-sm">
      {costs.map((c) => (
        <li key={c.id}>
          {c.description}: <strong>{formatUsd(c.amount)}</strong>{" "}
          <span className="text-slate-600">({formatDate(c.dateAdded)})</span>
        </li>
      ))}
    </ul>
  );
}
