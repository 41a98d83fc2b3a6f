"use client";

/** The wizard's progress: done steps can be revisited, later ones are reached with Next. */
export function StepList({
  steps,
  current,
  onSelect,
}: {
  steps: readonly string[];
  current: number;
  onSelect: (step: number) => void;
}) {
  return (
    <nav aria-label="Progress">
      <ol className="flex flex-wrap gap-2 text-sm">
        {steps.map((label, i) => {
          const state = i < current ? "done" : i === current ? "current" : "todo";
          const tone =
            state === "current"
              ? "border-indigo-600 bg-indigo-700 text-white"
              : state === "done"
                ? "border-indigo-200 bg-indigo-50 text-indigo-900 hover:bg-indigo-100"
                : "border-slate-200 bg-white text-slate-600";
          const body = (
            <>
              <span className="font-semibold">{i + 1}</span> {label}
            </>
          );
          return (
            <li key={label}>
              {state === "done" ? (
                <button type="button" onClick={() => onSelect(i)} className={`rounded-full border px-3 py-1 ${tone}`}>
                  {body}
                  <span className="sr-only"> (done, go back)</span>
                </button>
              ) : (
                <span
                  aria-current={state === "current" ? "step" : undefined}
                  className={`inline-block rounded-full border px-3 py-1 ${tone}`}
                >
                  {body}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
