import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from "pdf-lib";

export type DocumentContent = {
  title: string;
  subtitle: string;
  sections: { heading: string; rows: [label: string, value: string][] }[];
  footer: string;
  /** A picture with a caption beside it, after the sections (a license's verification QR code). */
  figure?: { png: Uint8Array; caption: string };
  metadata: { title: string; subject: string; createdAt: Date };
};

const PAGE = { width: 612, height: 792, margin: 56 }; // US Letter
const LABEL_WIDTH = 150;
const SIZE = { title: 18, subtitle: 11, heading: 12, body: 10 };
const LINE = 14;

/**
 * Lays out a document of titled sections (a license, a Copyright Office filing, an invoice, a statement of account) as a text PDF in the standard Helvetica fonts, so its text can be extracted and searched.
 * Characters the standard fonts cannot encode are replaced by "?" rather than failing the document.
 */
export async function renderDocumentPdf(content: DocumentContent): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(content.metadata.title);
  doc.setSubject(content.metadata.subject);
  doc.setAuthor("CoverDesk");
  doc.setProducer("CoverDesk");
  doc.setCreationDate(content.metadata.createdAt);
  doc.setModificationDate(content.metadata.createdAt);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const writer = new PageWriter(doc, regular);

  writer.text(content.title, bold, SIZE.title, 0);
  writer.gap(LINE * 1.5);
  for (const line of writer.wrap(content.subtitle, regular, SIZE.subtitle, PAGE.width - 2 * PAGE.margin)) {
    writer.text(line, regular, SIZE.subtitle, 0);
    writer.gap(LINE);
  }
  writer.gap(LINE);
  for (const section of content.sections) {
    writer.ensureRoom(LINE * 3);
    writer.text(section.heading, bold, SIZE.heading, 0);
    writer.gap(LINE * 1.2);
    for (const [label, value] of section.rows.filter(([, v]) => v.trim())) {
      const lines = writer.wrap(value, regular, SIZE.body, PAGE.width - 2 * PAGE.margin - LABEL_WIDTH);
      writer.ensureRoom(LINE * lines.length);
      writer.text(label, bold, SIZE.body, 0);
      for (const line of lines) {
        writer.text(line, regular, SIZE.body, LABEL_WIDTH);
        writer.gap(LINE);
      }
    }
    writer.gap(LINE * 0.8);
  }
  if (content.figure) await writer.figure(content.figure, regular, SIZE.body);
  for (const line of writer.wrap(content.footer, regular, SIZE.body - 1, PAGE.width - 2 * PAGE.margin)) {
    writer.ensureRoom(LINE);
    writer.text(line, regular, SIZE.body - 1, 0);
    writer.gap(LINE);
  }
  return doc.save();
}

class PageWriter {
  private page: PDFPage;
  private y = PAGE.height - PAGE.margin;
  private readonly encodable: Set<number>;

  constructor(
    private readonly doc: PDFDocument,
    font: PDFFont,
  ) {
    this.page = doc.addPage([PAGE.width, PAGE.height]);
    this.encodable = new Set(font.getCharacterSet());
  }

  /** Draws one line at the current height; the caller moves down with gap(). */
  text(value: string, font: PDFFont, size: number, indent: number) {
    this.page.drawText(this.safe(value), {
      x: PAGE.margin + indent,
      y: this.y,
      size,
      font,
      color: rgb(0.1, 0.1, 0.15),
    });
  }

  gap(height: number) {
    this.y -= height;
  }

  /** A square picture at the left margin, the caption wrapped beside it; then the line below both. */
  async figure(figure: { png: Uint8Array; caption: string }, font: PDFFont, size: number) {
    const side = 96;
    this.ensureRoom(side + LINE);
    const image = await this.doc.embedPng(figure.png);
    this.page.drawImage(image, { x: PAGE.margin, y: this.y - side, width: side, height: side });
    const top = this.y;
    this.gap(LINE);
    for (const line of this.wrap(figure.caption, font, size, PAGE.width - 2 * PAGE.margin - side - 16)) {
      this.text(line, font, size, side + 16);
      this.gap(LINE);
    }
    this.y = Math.min(this.y, top - side - LINE);
  }

  ensureRoom(height: number) {
    if (this.y - height >= PAGE.margin) return;
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
  }

  /** Splits text into lines that fit the width, breaking at spaces (and inside over-long words). */
  wrap(value: string, font: PDFFont, size: number, width: number): string[] {
    const fits = (s: string) => font.widthOfTextAtSize(this.safe(s), size) <= width;
    const lines: string[] = [];
    for (const paragraph of value.split("\n")) {
      let line = "";
      for (const word of paragraph.split(/\s+/)) {
        const candidate = line ? `${line} ${word}` : word;
        if (fits(candidate)) {
          line = candidate;
          continue;
        }
        if (line) lines.push(line);
        line = word;
        while (!fits(line) && line.length > 1) {
          let cut = line.length - 1;
          while (cut > 1 && !fits(line.slice(0, cut))) cut--;
          lines.push(line.slice(0, cut));
          line = line.slice(cut);
        }
      }
      lines.push(line);
    }
    return lines;
  }

  private safe(value: string): string {
    return [...value.normalize("NFC")].map((c) => (this.encodable.has(c.codePointAt(0)!) ? c : "?")).join("");
  }
}
