/** A CSV download (UTF-8); the filename is ours (ASCII, no quotes), so it needs no escaping. */
export function csvResponse(file: { filename: string; body: string }): Response {
  return new Response(file.body, {
    status: 200,
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${file.filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
