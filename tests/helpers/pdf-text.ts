import { execFileSync } from "node:child_process";

/** The text of a PDF as a reader would extract it (poppler's pdftotext). */
export function pdfText(bytes: Uint8Array): string {
  return execFileSync("pdftotext", ["-layout", "-", "-"], { input: bytes, encoding: "utf8" });
}
