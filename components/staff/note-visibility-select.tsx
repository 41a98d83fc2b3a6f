import { VISIBILITIES, VISIBILITY_TEXT, type Visibility } from "@/lib/wall/visibilities";

/** "Who reads the note" of a status move, with a line saying who that is; the forms lay it out their own way. */
export function NoteVisibilitySelect({
  id,
  value,
  onChange,
  labelClassName,
  selectClassName,
}: {
  id: string;
  value: Visibility;
  onChange: (visibility: Visibility) => void;
  labelClassName: string;
  selectClassName: string;
}) {
  return (
    <>
      <label htmlFor={id} className={labelClassName}>
        Who reads the note
      </label>
      <select
        id={id}
        name="noteVisibility"
        value={value}
        onChange={(e) => onChange(e.target.value as Visibility)}
        aria-describedby={`${id}-hint`}
        className={selectClassName}
      >
        {VISIBILITIES.map((v) => (
          <option key={v} value={v}>
            {VISIBILITY_TEXT[v].label}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {VISIBILITY_TEXT[value].label}: {VISIBILITY_TEXT[value].readers}.
      </p>
    </>
  );
}
