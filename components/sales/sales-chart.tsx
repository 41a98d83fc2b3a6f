import { formatDay } from "@/lib/formatting";

const W = 480;
const H = 180;
const PAD = { left: 48, right: 12, top: 12, bottom: 28 };

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/**
 * Cumulative units sold over time against the licensed line, drawn on the server as SVG (no chart library: the page
 * stays light), with the same numbers as a table for screen readers and anyone who prefers them.
 */
export function SalesChart({
  id,
  title,
  licensed,
  points,
}: {
  id: string;
  title: string;
  licensed: number;
  points: { date: string; units: number }[];
}) {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return null;
  const top = Math.max(licensed, last.units) * 1.1 || 1;
  const span = Math.max(1, dayNumber(last.date) - dayNumber(first.date));
  const x = (date: string) =>
    PAD.left + ((dayNumber(date) - dayNumber(first.date)) / span) * (W - PAD.left - PAD.right);
  const y = (units: number) => H - PAD.bottom - (units / top) * (H - PAD.top - PAD.bottom);
  // A step line: the total holds until the next day with sales, and after the last one to the right edge.
  const steps = points
    .map((p, i) => `${i === 0 ? `M${x(p.date)},${y(0)} V` : `H${x(p.date)} V`}${y(p.units)}`)
    .join(" ");
  const path = `${steps} H${W - PAD.right}`;
  const summary = `${last.units} units sold by ${formatDay(last.date)} against ${licensed} licensed.`;
  return (
    <figure className="space-y-2">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="w-full max-w-xl"
        role="img"
        aria-labelledby={`${id}-title ${id}-summary`}
      >
        <title id={`${id}-title`}>{title}</title>
        <line x1={PAD.left} x2={PAD.left} y1={PAD.top} y2={H - PAD.bottom} stroke="#94a3b8" />
        <line x1={PAD.left} x2={W - PAD.right} y1={H - PAD.bottom} y2={H - PAD.bottom} stroke="#94a3b8" />
        <line
          x1={PAD.left}
          x2={W - PAD.right}
          y1={y(licensed)}
          y2={y(licensed)}
          stroke="#b91c1c"
          strokeDasharray="6 4"
        />
        <text x={W - PAD.right} y={y(licensed) - 4} textAnchor="end" fontSize="11" fill="#991b1b">
          Licensed {licensed}
        </text>
        <path d={path} fill="none" stroke="#4338ca" strokeWidth="2" />
        <text x={PAD.left - 6} y={y(last.units) + 4} textAnchor="end" fontSize="11" fill="#1e293b">
          {last.units}
        </text>
        <text x={PAD.left} y={H - 8} fontSize="11" fill="#475569">
          {formatDay(first.date)}
        </text>
        <text x={W - PAD.right} y={H - 8} textAnchor="end" fontSize="11" fill="#475569">
          {formatDay(last.date)}
        </text>
      </svg>
      <figcaption id={`${id}-summary`} className="text-sm text-slate-700">
        {summary}
      </figcaption>
      <details className="text-sm">
        <summary className="cursor-pointer text-slate-700">Units by day (table)</summary>
        <table className="mt-2 text-left">
          <thead>
            <tr>
              <th scope="col" className="pr-6">
                Day
              </th>
              <th scope="col">Units sold so far</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.date}>
                <td className="pr-6">{formatDay(p.date)}</td>
                <td className="tabular-nums">{p.units}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
