import type { FieldError } from "@/lib/errors";

/** C0 control characters and DEL: one-line fields (titles, names, emails) hold none. */
const CONTROL = /[\u0000-\u001f\u007f]/;

export const isOneLine = (text: string) => !CONTROL.test(text);

/**
 * PostgreSQL text cannot hold U+0000 (the query would fail with a 500), and no field of ours needs it: every string
 * holding one, anywhere in the input (a JSON body, a query string, a server action's values), is refused.
 * Iterative: bodies may nest deeply.
 */
export function stringsWithNul(root: unknown): FieldError[] {
  const found: FieldError[] = [];
  const stack: { value: unknown; path: string }[] = [{ value: root, path: "" }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { value, path } = item;
    if (typeof value === "string") {
      if (value.includes("\u0000")) found.push({ path, message: "must not contain the NUL character (\\u0000)" });
    } else if (value !== null && typeof value === "object") {
      for (const [key, child] of Object.entries(value))
        stack.push({ value: child, path: path ? `${path}.${key}` : key });
    }
  }
  return found;
}

/** The text matched as itself in a LIKE pattern: its `\`, `%` and `_` escaped. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, "\\$&");
