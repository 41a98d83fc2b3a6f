/** One filter of a GET filter form: a labelled select whose name is the URL parameter it sets. */
export function SelectFilter({
  name,
  label,
  value,
  options,
}: {
  name: string;
  label: string;
  value: string | number | undefined;
  options: { value: string | number; label: string }[];
}) {
  return (
    <div>
      <label htmlFor={`filter-${name}`} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={`filter-${name}`}
        name={name}
        defaultValue={value ?? ""}
        className="mt-1 block rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
