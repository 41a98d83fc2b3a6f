import type { FieldError } from "@/lib/errors";

/**
 * The longest text each kind of free-text field takes, in characters: the one list of limits, shown in
 * docs/api-guide.md's table (tests/unit/text-limits.test.ts holds the two equal) and as `maxLength` in the OpenAPI
 * document. No zod here: client components read them too. Chosen so that no real value is refused: docs/decisions/text-limits.md.
 */
export const TEXT_LIMITS = {
  /** a code or a number written as text: phone, postal code, state, country */
  short: 100,
  /** an identifier the caller chooses: an external id, an import's album, track or medley key */
  key: 200,
  /** a search of a list */
  search: 200,
  /** a file's name */
  filename: 255,
  /** a person's, a company's, an account's, a song's or a key's name; a reference */
  name: 300,
  /** any other one-line text: a title, an artist, an address line */
  line: 500,
  /** a longer one-line text: the expected outlets of distribution, a notice's note */
  longLine: 2000,
  /** a note, multi-line: a track's notes, a status change's note */
  note: 5000,
  /** a post on an album's wall, multi-line */
  wallPost: 10_000,
} as const;
export type TextKind = keyof typeof TEXT_LIMITS;

/**
 * What no one-line field (titles, names, emails, filenames) may hold: C0 controls and DEL (\r and \n among them), the
 * other line breaks (U+0085, U+2028, U+2029), and the invisible direction marks and overrides (U+061C, U+200E,
 * U+200F, U+202A–U+202E, U+2066–U+2069), which make a name display as another (`…\u202Egpj.csv` reads `…vsc.jpg`).
 */
const NOT_ONE_LINE = /[\u0000-\u001f\u007f\u0085\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

export const isOneLine = (text: string) => !NOT_ONE_LINE.test(text);
export const ONE_LINE = "must be one line, without line breaks, control characters or direction marks";

/** Multi-line text (notes, wall posts) keeps its line breaks and tabs, never the other controls or direction marks. */
const NOT_MULTI_LINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

export const isMultiLine = (text: string) => !NOT_MULTI_LINE.test(text);
export const MULTI_LINE = "must not contain control characters or direction marks";

/** A UTF-16 surrogate without its pair: not a character, and PostgreSQL refuses it in a json or text column. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function unstorable(text: string): string | undefined {
  if (text.includes("\u0000")) return "must not contain the NUL character (\\u0000)";
  if (LONE_SURROGATE.test(text)) return "must not contain a lone surrogate (half of a UTF-16 pair)";
  return undefined;
}

/**
 * PostgreSQL text cannot hold U+0000 nor a lone surrogate (the query would fail with a 500), and no field of ours
 * needs either: every string holding one, anywhere in the input (a JSON body, a query string, a server action's
 * values, a key as well as a value), is refused. Iterative: bodies may nest deeply.
 */
export function unstorableStrings(root: unknown): FieldError[] {
  const found: FieldError[] = [];
  const stack: { value: unknown; path: string }[] = [{ value: root, path: "" }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { value, path } = item;
    if (typeof value === "string") {
      const message = unstorable(value);
      if (message) found.push({ path, message });
    } else if (value !== null && typeof value === "object") {
      for (const [key, child] of Object.entries(value)) {
        const at = path ? `${path}.${key}` : key;
        const message = unstorable(key);
        if (message) found.push({ path: at, message: `a field name that ${message}` });
        else stack.push({ value: child, path: at });
      }
    }
  }
  return found;
}

/** The text matched as itself in a LIKE pattern: its `\`, `%` and `_` escaped. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, "\\$&");
