import { inflateSync } from "node:zlib";
import jsQR from "jsqr";
import { PDFDocument, PDFName, PDFNumber, PDFRawStream } from "pdf-lib";

/**
 * The texts of the QR codes in a PDF's images, read from their pixels as a phone would (no system program). Images
 * are read as our documents store them: 8-bit gray or RGB, Flate-compressed.
 */
export async function pdfQrCodes(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  const found: string[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream) || object.dict.get(PDFName.of("Subtype")) !== PDFName.of("Image")) continue;
    const size = (key: string) => (object.dict.get(PDFName.of(key)) as PDFNumber).asNumber();
    const [width, height] = [size("Width"), size("Height")];
    const pixels = inflateSync(object.contents);
    const channels = pixels.length / (width * height);
    if (channels !== 1 && channels !== 3) continue; // an alpha mask or another encoding: not a QR code of ours
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i++) {
      for (let c = 0; c < 3; c++) rgba[i * 4 + c] = pixels[i * channels + (channels === 1 ? 0 : c)]!;
      rgba[i * 4 + 3] = 255;
    }
    const code = jsQR(rgba, width, height);
    if (code) found.push(code.data);
  }
  return found;
}
