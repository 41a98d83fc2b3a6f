import { VISIBILITY_TEXT, type Visibility } from "@/lib/wall/visibilities";

const TONE: Record<Visibility, string> = {
  public: "bg-emerald-100 text-emerald-900",
  private: "bg-amber-100 text-amber-900",
  staff: "bg-rose-100 text-rose-900",
};

/** Who may read a wall post or a status note, as a small label. */
export function VisibilityBadge({ visibility }: { visibility: Visibility }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${TONE[visibility]}`}>
      {VISIBILITY_TEXT[visibility].label}
    </span>
  );
}
