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
