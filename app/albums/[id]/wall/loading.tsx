export default function LoadingWall() {
  return (
    <div className="mx-auto max-w-3xl" aria-busy="true">
      <p className="text-slate-600">Loading the wall…</p>
      <div className="mt-4 space-y-3" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-20 animate-pulse rounded-lg bg-slate-100" />
        ))}
      </div>
    </div>
  );
}
