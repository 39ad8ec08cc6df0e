/** A CSV download: never cached (it holds supporters' details), named for the day it was made. */
export function csvResponse(csv: string, filename: string): Response {
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename.replace(/[^\w.-]/g, '-')}"`,
      'Cache-Control': 'no-store',
    },
  });
}
