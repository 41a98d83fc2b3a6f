import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Readable } from "node:stream";
import * as fontkit from "fontkit";
import type { PDFDocument, PDFFont } from "pdf-lib";

export type Weight = "regular" | "bold";

/**
 * The Noto faces a document may print with, in the order a character's face is chosen: the first that has the
 * character (docs/decisions/document-fonts.md). Noto Sans covers Latin (with its accents), Greek and Cyrillic.
 */
const FAMILIES = [
  { pkg: "@embedpdf/fonts-latin", regular: "NotoSans-Regular.ttf", bold: "NotoSans-Bold.ttf" },
  { pkg: "@embedpdf/fonts-jp", regular: "NotoSansJP-Regular.otf", bold: "NotoSansJP-Bold.otf" },
  { pkg: "@embedpdf/fonts-arabic", regular: "NotoNaskhArabic-Regular.ttf", bold: "NotoNaskhArabic-Bold.ttf" },
  { pkg: "@embedpdf/fonts-hebrew", regular: "NotoSansHebrew-Regular.ttf", bold: "NotoSansHebrew-Bold.ttf" },
] as const;
const LATIN = 0;
/** Printed for a character no face has. */
const MISSING = "?";
/** Spaces and punctuation print in the face of the text around them, so a right-to-left phrase stays one run. */
const NEUTRAL = /^[\s\p{P}\p{S}]$/u;

/** One font file, parsed once per process; widths are in thousandths of an em, as pdf-lib's are. */
class Face {
  private readonly advances = new Map<number, number | null>();
  private readonly scale: number;

  constructor(
    readonly bytes: Uint8Array,
    readonly font: fontkit.Font,
  ) {
    this.scale = 1000 / font.unitsPerEm;
  }

  /** The character's advance width, or null when the face has no glyph for it. */
  advance(codePoint: number): number | null {
    let width = this.advances.get(codePoint);
    if (width === undefined) {
      width = this.font.hasGlyphForCodePoint(codePoint)
        ? this.font.glyphForCodePoint(codePoint).advanceWidth * this.scale
        : null;
      this.advances.set(codePoint, width);
    }
    return width;
  }
}

// On globalThis: Next compiles a copy of this module into each route's code, and the fonts (several megabytes parsed)
// are read once per process, not once per copy.
const cache = globalThis as unknown as { __coverdeskPdfFaces?: Map<string, Face> };

// Resolved from the app's folder, not with require.resolve in this module: the production bundle replaces a
// require.resolve it can see with a module id.
const requireFromApp = createRequire(path.join(process.cwd(), "package.json"));

function face(family: number, weight: Weight): Face {
  const faces = (cache.__coverdeskPdfFaces ??= new Map());
  const key = `${family}:${weight}`;
  let found = faces.get(key);
  if (!found) {
    const { pkg, [weight]: file } = FAMILIES[family]!;
    // The packages export only their file list; the fonts sit in fonts/ beside dist/.
    const bytes = readFileSync(path.join(path.dirname(requireFromApp.resolve(pkg)), "..", "fonts", file));
    const font = fontkit.create(bytes) as fontkit.Font;
    // fontkit keeps each glyph with the code points it was first asked for. A glyph first met as a part of another
    // (the n inside an ñ, when an earlier document's subset was written) has none, and a later document that prints
    // it would extract it as nothing: it takes the code points it is now asked for.
    const getGlyph = font.getGlyph.bind(font);
    font.getGlyph = (id, codePoints = []) => {
      const glyph = getGlyph(id, codePoints);
      if (glyph.codePoints.length === 0 && codePoints.length > 0) glyph.codePoints = codePoints;
      return glyph;
    };
    // pdf-lib serializes a subset from a stream of chunks; fontkit 2 encodes the subset in one call.
    const createSubset = font.createSubset.bind(font);
    font.createSubset = () => {
      const subset = createSubset();
      return Object.assign(subset, { encodeStream: () => Readable.from([subset.encode()]) });
    };
    found = new Face(bytes, font);
    faces.set(key, found);
    parsed.set(found.bytes, font);
  }
  return found;
}

/** pdf-lib's embedder gets the font already parsed for those bytes, rather than parsing the file again. */
const parsed = new WeakMap<Uint8Array, fontkit.Font>();
const fontkitForPdfLib = {
  create: (bytes: Uint8Array) => parsed.get(bytes) ?? fontkit.create(Buffer.from(bytes)),
} as unknown as Parameters<PDFDocument["registerFontkit"]>[0];

/** The first family whose face has the character, or null when none has it. */
function familyOf(codePoint: number, weight: Weight): number | null {
  for (let family = 0; family < FAMILIES.length; family++) {
    if (face(family, weight).advance(codePoint) !== null) return family;
  }
  return null;
}

/** A piece of a line printed in one face. */
export type Run = { font: PDFFont; text: string };

/**
 * The fonts of one document: every face its text needs, embedded as subsets (only the glyphs printed are stored).
 */
export class DocumentFonts {
  private constructor(private readonly embedded: Map<string, PDFFont>) {}

  /** Embeds the Latin faces and every other face a character of `texts` needs. */
  static async embed(doc: PDFDocument, texts: Record<Weight, string[]>): Promise<DocumentFonts> {
    doc.registerFontkit(fontkitForPdfLib);
    const embedded = new Map<string, PDFFont>();
    for (const weight of ["regular", "bold"] as const) {
      const families = new Set([LATIN]);
      for (const text of texts[weight]) {
        for (const c of text.normalize("NFC")) families.add(familyOf(c.codePointAt(0)!, weight) ?? LATIN);
      }
      for (const family of [...families].sort()) {
        embedded.set(`${family}:${weight}`, await doc.embedFont(face(family, weight).bytes, { subset: true }));
      }
    }
    return new DocumentFonts(embedded);
  }

  /** A character's width at a size, in points (a character no face has is as wide as the "?" printed for it). */
  advance(codePoint: number, weight: Weight, size: number): number {
    const family = familyOf(codePoint, weight);
    const width =
      family === null ? face(LATIN, weight).advance(MISSING.codePointAt(0)!) : face(family, weight).advance(codePoint);
    return (width! * size) / 1000;
  }

  /**
   * The line cut into runs of one face each, in reading order; a space or punctuation between two characters of
   * the same face stays in their run. Each run is laid out by fontkit, which shapes Arabic and draws a
   * right-to-left run's glyphs right to left.
   */
  runs(text: string, weight: Weight): Run[] {
    const chars = [...text.normalize("NFC")].map((c) => {
      const family = familyOf(c.codePointAt(0)!, weight);
      return family === null ? { c: MISSING, family: LATIN } : { c, family };
    });
    // The family of the next character that is not neutral, for each position (null at the end).
    const next: (number | null)[] = new Array<number | null>(chars.length);
    let following: number | null = null;
    for (let i = chars.length - 1; i >= 0; i--) {
      next[i] = following;
      if (!NEUTRAL.test(chars[i]!.c)) following = chars[i]!.family;
    }
    const runs: { family: number; text: string }[] = [];
    let previous: number | null = null;
    chars.forEach(({ c, family }, i) => {
      const neutral = NEUTRAL.test(c);
      const joins =
        neutral &&
        previous !== null &&
        previous === next[i] &&
        face(previous, weight).advance(c.codePointAt(0)!) !== null;
      const chosen = joins ? previous! : family;
      if (!neutral) previous = family;
      const last = runs.at(-1);
      if (last?.family === chosen) last.text += c;
      else runs.push({ family: chosen, text: c });
    });
    return runs.map((r) => ({ font: this.embedded.get(`${r.family}:${weight}`)!, text: r.text }));
  }
}
