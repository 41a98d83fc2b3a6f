import { ELIGIBILITY_QUESTION_KEYS, ELIGIBILITY_QUESTIONS } from "@/lib/requests/eligibility-answers";
import { toCsv } from "@/lib/statements/csv";

/**
 * The CSV columns of an import and where each lands in a POST /api/requests body (plus the row's albumKey). One
 * table both ways: a row is built from its cells, and an error's body path is shown on the cell it came from.
 */
type Kind = "text" | "integer" | "boolean" | "length";
type Column = { name: string; path: readonly (string | number)[]; kind: Kind; help: string };

const licensee = (field: string, name: string, help: string): Column => ({
  name,
  path: ["track", "album", "licensee", field],
  kind: "text",
  help,
});
const release = (field: string, name: string, kind: Kind, help: string): Column => ({
  name,
  path: ["track", "releases", 0, field],
  kind,
  help,
});
const song = (field: string, name: string, help: string): Column => ({
  name,
  path: ["track", "song", field],
  kind: "text",
  help,
});

export const CSV_COLUMNS: readonly Column[] = [
  {
    name: "albumKey",
    path: ["albumKey"],
    kind: "text",
    help: "rows with the same key make one album with one release",
  },
  {
    name: "albumId",
    path: ["track", "album", "id"],
    kind: "integer",
    help: "an existing album (instead of title, artist and licensee)",
  },
  { name: "albumTitle", path: ["track", "album", "title"], kind: "text", help: "a new album's title" },
  { name: "albumArtist", path: ["track", "album", "artist"], kind: "text", help: "a new album's artist" },
  {
    name: "licenseeId",
    path: ["track", "album", "licensee", "id"],
    kind: "text",
    help: "an existing licensee (instead of the licensee columns)",
  },
  licensee("companyName", "licenseeCompanyName", "a new licensee: company name, or last name"),
  licensee("firstName", "licenseeFirstName", "a new licensee's first name"),
  licensee("lastName", "licenseeLastName", "a new licensee's last name"),
  licensee("email", "licenseeEmail", "a new licensee's email (required)"),
  licensee("phone1", "licenseePhone", "a new licensee's phone"),
  licensee("address", "licenseeAddress", "street address"),
  licensee("city", "licenseeCity", "city"),
  licensee("state", "licenseeState", "state"),
  licensee("zip", "licenseeZip", "ZIP code"),
  licensee("country", "licenseeCountry", "country"),
  licensee("externalLicenseeId", "licenseeExternalId", "your own id of the licensee"),
  licensee("officers", "licenseeOfficers", "a company licensee's principal officers or owners (the notices name them)"),
  {
    name: "releaseId",
    path: ["track", "releases", 0, "id"],
    kind: "integer",
    help: "an existing release of the album (instead of the release columns)",
  },
  release("formatId", "releaseFormat", "integer", "format id (GET /api/formats)"),
  release("releaseQuantity", "releaseQuantity", "integer", "units to make"),
  release("releaseMonth", "releaseMonth", "integer", "1 to 12"),
  release("releaseYear", "releaseYear", "integer", "e.g. 2027"),
  release(
    "expectedOutletsOfDistribution",
    "releaseOutlets",
    "text",
    "distribution outlets, where the format asks for them",
  ),
  release("label", "releaseLabel", "text", "the label the copies are sold under (printed on the notices)"),
  release("catalogNumber", "releaseCatalogNumber", "text", "the label's catalog number (printed on the notices)"),
  release(
    "manufactureDate",
    "releaseManufactureDate",
    "text",
    "physical formats: the day the copies are made, YYYY-MM-DD (the notices are due within 30 days of it)",
  ),
  { name: "externalTrackId", path: ["track", "externalTrackId"], kind: "text", help: "your own id of the track" },
  {
    name: "trackLength",
    path: ["track", "lengthInSeconds"],
    kind: "length",
    help: "seconds (215) or minutes:seconds (3:35)",
  },
  { name: "medley", path: ["track", "medley"], kind: "boolean", help: "yes for a medley as a whole" },
  {
    name: "medleyTrackId",
    path: ["track", "medleyTrackId"],
    kind: "integer",
    help: "the medley (an existing track) this song is a part of",
  },
  {
    name: "trackKey",
    path: ["trackKey"],
    kind: "text",
    help: "this row's own key, unique in the file: a medley's parts name it",
  },
  {
    name: "medleyKey",
    path: ["medleyKey"],
    kind: "text",
    help: "the medley this song is a part of: the trackKey of an earlier row of the file",
  },
  song("title", "songTitle", "the song's title (required)"),
  song("originalRecordingArtist", "songOriginalArtist", "the original recording's artist"),
  song("artist", "songArtist", "artist credit"),
  song("composer", "songWriters", "the songwriters"),
  song("arranger", "songArranger", "arranger"),
  song("notes", "songNotes", "notes for our researchers"),
  // The eligibility answers (POST /api/eligibility's questions), each a column of its own: yes or no, empty if not asked.
  ...ELIGIBILITY_QUESTION_KEYS.map((k): Column => ({
    name: `eligibility${k[0]!.toUpperCase()}${k.slice(1)}`,
    path: ["eligibility", k],
    kind: "boolean",
    help: `yes or no: ${ELIGIBILITY_QUESTIONS[k].question}`,
  })),
];

export const CSV_COLUMN_NAMES = CSV_COLUMNS.map((c) => c.name);
const joined = (path: readonly (string | number)[]) => path.join(".");

/** A cell's text as the JSON value the schema expects; text that is not one is passed on, for the schema to name. */
function cellValue(kind: Kind, text: string): unknown {
  if (kind === "integer" && /^-?\d+$/.test(text)) return Number(text);
  if (kind === "length") {
    if (/^\d+$/.test(text)) return Number(text);
    const clock = /^(\d+):([0-5]\d)$/.exec(text);
    if (clock) return Number(clock[1]) * 60 + Number(clock[2]);
  }
  if (kind === "boolean") {
    const lower = text.toLowerCase();
    if (["yes", "true", "1"].includes(lower)) return true;
    if (["no", "false", "0"].includes(lower)) return false;
  }
  return text;
}

/** The row a CSV record stands for. Empty cells are left out; an album, licensee or release is sent only with a cell of its own. */
export function rowFromCells(cells: Record<string, string>): Record<string, unknown> {
  const row: Record<string, unknown> = { track: { album: {}, releases: [{}], song: {} } };
  for (const column of CSV_COLUMNS) {
    const text = cells[column.name]?.trim() ?? "";
    if (!text) continue;
    let node = row;
    for (const [i, key] of column.path.slice(0, -1).entries()) {
      const next = column.path[i + 1];
      node = (node[key] ??= typeof next === "number" ? [] : {}) as Record<string, unknown>;
    }
    node[column.path.at(-1)!] = cellValue(column.kind, text);
  }
  return row;
}

const byPath = new Map(CSV_COLUMNS.map((c) => [joined(c.path), c.name]));

/**
 * The column an error's body path points at: the column of that path, else the first column under it (a missing
 * licensee is shown on licenseeId), else the one of its parent (an unknown field of a release on its release cells).
 */
export function columnOfPath(path: string): string | null {
  for (let at = path; at; at = at.includes(".") ? at.slice(0, at.lastIndexOf(".")) : "") {
    const exact = byPath.get(at);
    if (exact) return exact;
    const under = CSV_COLUMNS.find((c) => joined(c.path).startsWith(`${at}.`));
    if (under) return under.name;
  }
  return null;
}

/** The downloadable template: the header and one example row. */
export function csvTemplate(): string {
  const example: Record<string, string> = {
    albumKey: "covers-1",
    albumTitle: "Covers Vol. 1",
    albumArtist: "The Example Band",
    licenseeCompanyName: "Example Records LLC",
    licenseeEmail: "rights@example.com",
    releaseFormat: "1002",
    releaseQuantity: "1000",
    trackLength: "3:35",
    songTitle: "Yesterday",
    songOriginalArtist: "The Beatles",
    songWriters: "Lennon, McCartney",
  };
  return toCsv(CSV_COLUMN_NAMES, [CSV_COLUMN_NAMES.map((n) => example[n] ?? "")]);
}
