import { PDFDocument, rgb, type PDFPage } from "pdf-lib";
import { DocumentFonts, type Weight } from "./document-fonts";
import { wrapText } from "./wrap-text";

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
 * Lays out a document of titled sections (a license, a notice letter, a Copyright Office filing, an invoice, a
 * statement of account) as a text PDF in embedded Noto subsets, so its text in any script they cover prints and can
 * be extracted and searched (docs/decisions/document-fonts.md). A character no font has prints as "?".
 */
export async function renderDocumentPdf(content: DocumentContent): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(content.metadata.title);
  doc.setSubject(content.metadata.subject);
  doc.setAuthor("CoverDesk");
  doc.setProducer("CoverDesk");
  doc.setCreationDate(content.metadata.createdAt);
  doc.setModificationDate(content.metadata.createdAt);
  const sections = content.sections.map((s) => ({ ...s, rows: s.rows.filter(([, v]) => v.trim()) }));
  const fonts = await DocumentFonts.embed(doc, {
    regular: [
      content.subtitle,
      content.footer,
      content.figure?.caption ?? "",
      ...sections.flatMap((s) => s.rows.map(([, v]) => v)),
    ],
    bold: [content.title, ...sections.flatMap((s) => [s.heading, ...s.rows.map(([l]) => l)])],
  });
  const writer = new PageWriter(doc, fonts);

  // A title may be longer than a line (a notice's statutory heading, the stream license's naming what it is not under).
  const titleLines = writer.wrap(content.title, "bold", SIZE.title, PAGE.width - 2 * PAGE.margin);
  titleLines.forEach((line, i) => {
    writer.text(line, "bold", SIZE.title, 0);
    writer.gap(i < titleLines.length - 1 ? SIZE.title * 1.3 : LINE * 1.5);
  });
  for (const line of writer.wrap(content.subtitle, "regular", SIZE.subtitle, PAGE.width - 2 * PAGE.margin)) {
    writer.text(line, "regular", SIZE.subtitle, 0);
    writer.gap(LINE);
  }
  writer.gap(LINE);
  for (const section of sections) {
    writer.ensureRoom(LINE * 3);
    writer.text(section.heading, "bold", SIZE.heading, 0);
    writer.gap(LINE * 1.2);
    for (const [label, value] of section.rows) {
      const lines = writer.wrap(value, "regular", SIZE.body, PAGE.width - 2 * PAGE.margin - LABEL_WIDTH);
      // A row that fits on a page starts on the page that has room for all of it.
      writer.ensureRoom(Math.min(LINE * lines.length, PAGE.height - 2 * PAGE.margin));
      writer.text(label, "bold", SIZE.body, 0);
      for (const line of lines) {
        writer.ensureRoom(LINE);
        writer.text(line, "regular", SIZE.body, LABEL_WIDTH);
        writer.gap(LINE);
      }
    }
    writer.gap(LINE * 0.8);
  }
  if (content.figure) await writer.figure(content.figure, "regular", SIZE.body);
  for (const line of writer.wrap(content.footer, "regular", SIZE.body - 1, PAGE.width - 2 * PAGE.margin)) {
    writer.ensureRoom(LINE);
    writer.text(line, "regular", SIZE.body - 1, 0);
    writer.gap(LINE);
  }
  return doc.save();
}

class PageWriter {
  private page: PDFPage;
  private y = PAGE.height - PAGE.margin;

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: DocumentFonts,
  ) {
    this.page = doc.addPage([PAGE.width, PAGE.height]);
  }

  /** Draws one line at the current height, run by run in the face each needs; the caller moves down with gap(). */
  text(value: string, weight: Weight, size: number, indent: number) {
    let x = PAGE.margin + indent;
    for (const run of this.fonts.runs(value, weight)) {
      this.page.drawText(run.text, { x, y: this.y, size, font: run.font, color: rgb(0.1, 0.1, 0.15) });
      x += run.font.widthOfTextAtSize(run.text, size);
    }
  }

  gap(height: number) {
    this.y -= height;
  }

  /** A square picture at the left margin, the caption wrapped beside it; then the line below both. */
  async figure(figure: { png: Uint8Array; caption: string }, weight: Weight, size: number) {
    const side = 96;
    this.ensureRoom(side + LINE);
    const image = await this.doc.embedPng(figure.png);
    this.page.drawImage(image, { x: PAGE.margin, y: this.y - side, width: side, height: side });
    const top = this.y;
    this.gap(LINE);
    for (const line of this.wrap(figure.caption, weight, size, PAGE.width - 2 * PAGE.margin - side - 16)) {
      this.text(line, weight, size, side + 16);
      this.gap(LINE);
    }
    this.y = Math.min(this.y, top - side - LINE);
  }

  ensureRoom(height: number) {
    if (this.y - height >= PAGE.margin) return;
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
  }

  /** Lines that fit the width, breaking at spaces (and inside over-long words). */
  wrap(value: string, weight: Weight, size: number, width: number): string[] {
    return wrapText(value.normalize("NFC"), width, (codePoint) => this.fonts.advance(codePoint, weight, size));
  }
}
