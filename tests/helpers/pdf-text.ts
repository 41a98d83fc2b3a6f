import { extractText, getDocumentProxy } from "unpdf";

/**
 * The text of a PDF as a reader would extract it, in-process (no system program): one line per text line,
 * pages separated by a form feed.
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: false });
  return text.join("\f");
}

/** Each piece of text pdf.js finds, with its page (from 1), where it starts and how wide it is, in points. */
export async function pdfTextItems(bytes: Uint8Array) {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const items: { page: number; text: string; x: number; width: number; pageWidth: number }[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const [, , pageWidth] = page.view as [number, number, number, number];
    for (const item of (await page.getTextContent()).items) {
      if ("str" in item && item.str.trim()) {
        items.push({ page: n, text: item.str, x: item.transform[4] as number, width: item.width, pageWidth });
      }
    }
  }
  return items;
}
