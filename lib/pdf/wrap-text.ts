/**
 * Splits text into lines no wider than `width`, breaking at whitespace and, inside a word longer than a line, between
 * characters. `advance` gives one character's width; each character is measured once, so the work grows with the
 * text's length and not with the square of a long word's (a line is never measured again as it grows).
 */
export function wrapText(value: string, width: number, advance: (codePoint: number) => number): string[] {
  const lines: string[] = [];
  const space = advance(0x20);
  for (const paragraph of value.split("\n")) {
    let line = "";
    let lineWidth = 0;
    for (const word of paragraph.split(/\s+/)) {
      const chars = [...word];
      const widths = chars.map((c) => advance(c.codePointAt(0)!));
      const wordWidth = widths.reduce((sum, w) => sum + w, 0);
      if (line && lineWidth + space + wordWidth <= width) {
        line += ` ${word}`;
        lineWidth += space + wordWidth;
        continue;
      }
      if (line) lines.push(line);
      if (wordWidth <= width) {
        line = word;
        lineWidth = wordWidth;
        continue;
      }
      // A word wider than a line: as many characters as fit on each line (at least one), the rest starts the next.
      let start = 0;
      lineWidth = 0;
      for (let i = 0; i < chars.length; i++) {
        if (i > start && lineWidth + widths[i]! > width) {
          lines.push(chars.slice(start, i).join(""));
          start = i;
          lineWidth = 0;
        }
        lineWidth += widths[i]!;
      }
      line = chars.slice(start).join("");
    }
    lines.push(line);
  }
  return lines;
}
