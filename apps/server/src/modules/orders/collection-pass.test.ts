import { randomUUID } from "node:crypto";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { collectionPassPng } from "./collection-pass.ts";
import { createOrderLinks } from "./order-links.ts";

describe("the collection pass image", () => {
  const links = createOrderLinks({
    authSecret: "a-secret-of-the-test-a-secret-of-the-test",
    publicUrl: "https://bureau.example",
  });

  it("has the pixels of the QR code library's own PNG (8 pixels a module, a 4-module quiet zone), 1 bit a pixel", async () => {
    for (let i = 0; i < 5; i++) {
      const orderId = randomUUID();
      const ours = await collectionPassPng({ links, orderId });
      const theLibrarys = await QRCode.toBuffer(links.collectionUrlFor(orderId), {
        type: "png",
        errorCorrectionLevel: "M",
        margin: 4,
        scale: 8,
      });
      const mine = PNG.sync.read(ours);
      const reference = PNG.sync.read(theLibrarys);
      expect([mine.width, mine.height]).toEqual([reference.width, reference.height]);
      expect(Buffer.compare(mine.data, reference.data)).toBe(0);
      // 1-bit greyscale (IHDR: bit depth 1, colour type 0), smaller than the library's 8-bit RGBA
      expect([ours.readUInt8(24), ours.readUInt8(25)]).toEqual([1, 0]);
      expect(ours.length).toBeLessThan(theLibrarys.length);
      expect(jsQR(new Uint8ClampedArray(mine.data), mine.width, mine.height)?.data).toBe(
        links.collectionUrlFor(orderId),
      );
    }
  });
});
