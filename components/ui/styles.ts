// Shared class lists, so every page's controls look and behave alike.
export const inputClass =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm " +
  "aria-[invalid=true]:border-red-600 disabled:bg-slate-100 disabled:text-slate-500";

const base =
  "inline-flex items-center justify-center gap-1.5 rounded-md px-4 py-2 text-sm font-medium no-underline " +
  "disabled:cursor-not-allowed disabled:opacity-60";

export const buttonClass = {
  primary: `${base} bg-indigo-700 text-white hover:bg-indigo-800`,
  secondary: `${base} border border-slate-300 bg-white text-slate-800 hover:bg-slate-100`,
  danger: `${base} border border-red-300 bg-white text-red-800 hover:bg-red-50`,
  link: "inline-flex items-center gap-1 rounded text-sm font-medium text-indigo-700 hover:underline disabled:opacity-60",
} as const;

export const cardClass = "rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5";

/**
 * A table wider than a phone scrolls inside this box, never the page: `relative` keeps its screen-reader-only
 * labels (absolutely positioned) inside it too.
 */
export const tableBoxClass = "relative overflow-x-auto rounded-lg border border-slate-200 bg-white";
/** A wide table whose first column stays in view while the rest scrolls sideways. */
export const wideTableClass =
  "w-full text-left text-sm [&_tr>*:first-child]:sticky [&_tr>*:first-child]:left-0 [&_tr>*:first-child]:z-10 " +
  "[&_tbody_tr>*:first-child]:bg-white [&_thead_tr>*:first-child]:bg-slate-100";
