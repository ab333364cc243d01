import { crc32, deflateSync } from "node:zlib";
import QRCode from "qrcode";
import type { OrderLinks } from "./order-links.ts";

/** 8 pixels a module with the standard 4-module quiet zone: they scan well from a phone screen or paper. */
const PIXELS_PER_MODULE = 8;
const QUIET_ZONE_MODULES = 4;

/**
 * The collection pass as a PNG QR code of its signed address (OrderLinks.collectionUrlFor): the order's
 * id and a signature, no name, e-mail or amount. PNG, not SVG, because mail clients show PNG images
 * (Gmail and Outlook do not show SVG).
 *
 * The QR code library lays out the modules; the PNG is written here, one bit a pixel. The library's own
 * PNG goes through pngjs, which writes four bytes a pixel and tries five filters on every row in
 * JavaScript, and writes no fewer than 8 bits a sample: 19-28 ms a pass on a 2-core machine, which made
 * the pass the outbox mailer's bottleneck (about 30 order e-mails a second in the reliability suite). One
 * bit a pixel, through Node's zlib: 5-6 ms, half of it the library's layout (its choice of mask), and 0.7 KB
 * where the library's file was 4.1 KB, with the same pixels (a test compares them).
 */
export async function collectionPassPng({ links, orderId }: { links: OrderLinks; orderId: string }): Promise<Buffer> {
  const { modules } = QRCode.create(links.collectionUrlFor(orderId), { errorCorrectionLevel: "M" });
  return blackAndWhitePng(modules.size, (row, column) => modules.get(row, column) === 1);
}

/**
 * A PNG of a square of `size` × `size` modules, each `PIXELS_PER_MODULE` pixels wide, within a white
 * quiet zone: 1-bit greyscale (0 black, 1 white), no filter, no interlacing (PNG specification, ISO/IEC
 * 15948: the signature, then IHDR, IDAT and IEND chunks, each with its length and CRC-32).
 */
function blackAndWhitePng(size: number, isDark: (row: number, column: number) => boolean): Buffer {
  const modulesAcross = size + 2 * QUIET_ZONE_MODULES;
  const side = modulesAcross * PIXELS_PER_MODULE;
  const rowBytes = 1 + Math.ceil(side / 8); // the filter byte (0: none), then the pixels, 8 a byte
  const pixels = Buffer.alloc(rowBytes * side);
  // The pixel rows of one row of modules are alike: each is drawn once and copied.
  const row = Buffer.alloc(rowBytes);
  for (let down = 0; down < modulesAcross; down++) {
    row.fill(0);
    const moduleRow = down - QUIET_ZONE_MODULES;
    for (let x = 0; x < side; x++) {
      const moduleColumn = Math.floor(x / PIXELS_PER_MODULE) - QUIET_ZONE_MODULES;
      const dark =
        moduleRow >= 0 &&
        moduleRow < size &&
        moduleColumn >= 0 &&
        moduleColumn < size &&
        isDark(moduleRow, moduleColumn);
      if (!dark) row[1 + (x >> 3)]! |= 0x80 >> (x & 7);
    }
    for (let copy = 0; copy < PIXELS_PER_MODULE; copy++) row.copy(pixels, (down * PIXELS_PER_MODULE + copy) * rowBytes);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0); // width
  header.writeUInt32BE(side, 4); // height
  header.writeUInt8(1, 8); // bit depth
  header.writeUInt8(0, 9); // colour type: greyscale
  // compression 0 (deflate), filter method 0, interlace 0: the zeros Buffer.alloc left
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(pixels, { level: 9 })),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const chunk = Buffer.alloc(4 + typeAndData.length + 4);
  chunk.writeUInt32BE(data.length, 0);
  typeAndData.copy(chunk, 4);
  chunk.writeUInt32BE(crc32(typeAndData), 4 + typeAndData.length);
  return chunk;
}
