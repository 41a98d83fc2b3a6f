import { describe, expect, it } from "vitest";
import { renderDocumentPdf, type DocumentContent } from "@/lib/pdf/render-document-pdf";
import { pdfText } from "../helpers/pdf-text";

const content = (rows: [string, string][]): DocumentContent => ({
  title: "Compulsory Mechanical License",
  subtitle: "Test",
  sections: [{ heading: "Composition", rows }],
  footer: "Issued by CoverDesk.",
  metadata: { title: "t", subject: "s", createdAt: new Date("2026-01-05T00:00:00Z") },
});

describe("renderDocumentPdf", () => {
  it("keeps accented Latin text and replaces what the standard fonts cannot encode instead of failing", async () => {
    const bytes = await renderDocumentPdf(content([["Song", "Café Déjà Vu — 東京 Nights"]]));
    const text = await pdfText(bytes);
    expect(text).toContain("Café Déjà Vu — ?? Nights");
  });

  it("wraps long values and continues on a new page when one is full", async () => {
    const many = Array.from({ length: 80 }, (_, i): [string, string] => [
      `Owner ${i + 1}`,
      `Publisher number ${i + 1} ${"x".repeat(150)}`,
    ]);
    const bytes = await renderDocumentPdf(content(many));
    const text = await pdfText(bytes);
    expect(text).toContain("Publisher number 80");
    expect(text.split("\f").filter((page) => page.trim()).length).toBeGreaterThan(1);
  });

  it("wraps a long subtitle instead of running it off the page", async () => {
    const subtitle = `A subtitle that goes on ${"and on ".repeat(30)}to its very end.`;
    const text = await pdfText(await renderDocumentPdf({ ...content([["Song", "x"]]), subtitle }));
    expect(text.replace(/\s+/g, " ")).toContain("to its very end.");
  });

  it("leaves out rows with nothing to say", async () => {
    const text = await pdfText(
      await renderDocumentPdf(
        content([
          ["Address", " "],
          ["Email", "a@example.com"],
        ]),
      ),
    );
    expect(text).not.toContain("Address");
    expect(text).toContain("a@example.com");
  });
});
