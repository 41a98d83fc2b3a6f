/** A PDF download; the filename is ours (ASCII, no quotes), so it needs no escaping. */
export function pdfResponse(file: { filename: string; bytes: Uint8Array }): Response {
  return new Response(Buffer.from(file.bytes), {
    status: 200,
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${file.filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
