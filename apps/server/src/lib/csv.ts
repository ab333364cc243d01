import { Readable } from "node:stream";

/**
 * The one CSV writer of the server (staff downloads: the audit log, the order lists). What a
 * spreadsheet needs to open the file as it was meant: RFC 4180 quoting, CRLF line ends, and a UTF-8
 * byte order mark so that Excel reads "€" and accented names as UTF-8 rather than the local code page.
 *
 * Text that people typed (a customer's name, a staff reason) must not run as a formula when the file
 * is opened: a cell starting with = + - @ tab or carriage return is prefixed with an apostrophe
 * (OWASP "CSV injection"). Numbers are written as they are; a decimal amount held as text goes in as
 * csvDecimal(), so that a negative amount stays a number and is not prefixed.
 */

/** An amount or rate as exact decimal text ("-12.50"), written as it is. */
export class CsvDecimal {
  readonly text: string;
  constructor(text: string) {
    if (!/^-?\d+(\.\d+)?$/.test(text)) throw new RangeError(`Not a decimal: ${text}`);
    this.text = text;
  }
}

export const csvDecimal = (text: string) => new CsvDecimal(text);

export type CsvValue = string | number | bigint | boolean | null | undefined | CsvDecimal;

export const CSV_BOM = "\uFEFF";

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell: quoted when it holds a comma, quote or line break (quotes doubled); typed text defused. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (value instanceof CsvDecimal) return value.text;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new RangeError(`Not a finite number: ${value}`);
    return String(value);
  }
  if (typeof value === "bigint" || typeof value === "boolean") return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, CRLF-terminated. */
export function csvRow(cells: readonly CsvValue[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/**
 * The whole file as a stream for `reply.send()`: the byte order mark and header first, then the rows
 * as the source yields them. Rows are pulled only as fast as the client reads (the stream asks for
 * more when its buffer drains), so a large export never sits in memory; a failure of the source
 * destroys the stream, which ends the download short rather than as a complete-looking file.
 */
export function csvStream(header: readonly string[], rows: AsyncIterable<readonly CsvValue[]>): Readable {
  async function* lines() {
    yield CSV_BOM + csvRow(header);
    let chunk = "";
    for await (const row of rows) {
      chunk += csvRow(row);
      // Fewer, larger writes: a row is some tens of bytes.
      if (chunk.length >= 16 * 1024) {
        yield chunk;
        chunk = "";
      }
    }
    if (chunk) yield chunk;
  }
  return Readable.from(lines(), { objectMode: false, highWaterMark: 64 * 1024 });
}
