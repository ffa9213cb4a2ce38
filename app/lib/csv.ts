/** Values a CSV cell can hold; null and undefined become empty cells, dates ISO strings. */
export type CsvValue = string | number | boolean | Date | null | undefined;

// Spreadsheet apps treat a cell starting with one of these as a formula (CSV injection); tab and CR too.
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: neutralises formulas with a leading single quote, then quotes when needed (RFC 4180). */
export function csvCell(value: CsvValue): string {
  let text: string;
  if (value === null || value === undefined) text = "";
  else if (value instanceof Date) text = Number.isNaN(value.getTime()) ? "" : value.toISOString();
  else text = String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole CSV document: header row then data rows, CRLF line endings (RFC 4180). */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(","));
  return `${lines.join("\r\n")}\r\n`;
}

/** A CSV download response with a dated file name; a BOM lets spreadsheet apps detect UTF-8. */
export function csvResponse(filename: string, header: readonly string[], rows: readonly (readonly CsvValue[])[]) {
  const safeName = filename.replace(/[^a-zA-Z0-9._-]/g, "-");
  return new Response(`\uFEFF${toCsv(header, rows)}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${safeName}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
