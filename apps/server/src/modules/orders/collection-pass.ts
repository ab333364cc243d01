import QRCode from "qrcode";
import type { OrderLinks } from "./order-links.ts";

/**
 * The collection pass as a PNG QR code of its signed address (OrderLinks.collectionUrlFor): the order's
 * id and a signature, no name, e-mail or amount. PNG, not SVG, because mail clients show PNG images
 * (Gmail and Outlook do not show SVG); 8 pixels a module with the standard 4-module quiet zone scan well
 * from a phone screen or paper.
 */
export async function collectionPassPng({ links, orderId }: { links: OrderLinks; orderId: string }): Promise<Buffer> {
  return QRCode.toBuffer(links.collectionUrlFor(orderId), {
    type: "png",
    errorCorrectionLevel: "M",
    margin: 4,
    scale: 8,
  });
}
