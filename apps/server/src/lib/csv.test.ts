import { describe, expect, it } from "vitest";
import { parseCsv } from "../test/csv-parse.ts";
import { CSV_BOM, csvCell, csvDecimal, csvRow, csvStream } from "./csv.ts";

describe("the CSV writer", () => {
  it("quotes commas, quotes and line breaks (RFC 4180) and reads back exactly", () => {
    const cells = ['O\'Brien, "Paddy"', "two\nlines", "cr\r\nlf", "plain", "€ café"];
    const line = csvRow(cells);
    expect(line).toBe('"O\'Brien, ""Paddy""","two\nlines","cr\r\nlf",plain,€ café\r\n');
    expect(parseCsv(line)).toEqual([cells]);
  });

  it.each(['=HYPERLINK("http://evil")', "+44 7700 900123", "-2+3", "@SUM(A1)", "\tcmd", "\rcmd"])(
    "defuses text starting %j with an apostrophe",
    (text) => {
      const [[read]] = parseCsv(csvRow([text])) as [[string]];
      expect(read).toBe(`'${text}`);
    },
  );

  it("writes numbers and decimals as they are, negative ones unprefixed; empty for null", () => {
    expect(csvRow([12, -3, 10n, csvDecimal("-12.50"), csvDecimal("0.1234"), null, undefined, true])).toBe(
      "12,-3,10,-12.50,0.1234,,,true\r\n",
    );
    expect(() => csvDecimal("1e5")).toThrow(RangeError);
    expect(() => csvDecimal("=1+1")).toThrow(RangeError);
    expect(() => csvCell(Number.NaN)).toThrow(RangeError);
  });

  it("streams the byte order mark, the header and every row, pulling rows only as they are read", async () => {
    let produced = 0;
    async function* rows() {
      for (let i = 0; i < 5000; i++) {
        produced++;
        yield [i, `name ${i}`];
      }
    }
    const stream = csvStream(["n", "name"], rows());
    // Nothing is pulled from the source before the stream is read.
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(produced).toBe(0);
    let text = "";
    for await (const chunk of stream) text += Buffer.isBuffer(chunk) ? chunk.toString("utf8") : String(chunk);
    expect(text.startsWith(`${CSV_BOM}n,name\r\n0,name 0\r\n`)).toBe(true);
    const parsed = parseCsv(text.slice(1));
    expect(parsed).toHaveLength(5001);
    expect(parsed.at(-1)).toEqual(["4999", "name 4999"]);
  });

  it("ends the stream with an error when the source fails, not as a complete-looking file", async () => {
    async function* rows() {
      yield ["first"];
      throw new Error("database gone");
    }
    const read = async () => {
      for await (const _chunk of csvStream(["a"], rows())) {
        // reading
      }
    };
    await expect(read()).rejects.toThrow("database gone");
  });
});
