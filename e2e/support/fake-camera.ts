import { writeFileSync } from "node:fs";
import { PNG } from "pngjs";

/**
 * Writes a Y4M video (what Chromium's fake camera plays with --use-file-for-fake-video-capture) that
 * shows `png` (e.g. a QR code) in grey on white in the middle of a 640×480 frame, scaled down to fit.
 */
export function writeY4mOfPng(png: Buffer, file: string, { width = 640, height = 480, frames = 3 } = {}) {
  const image = PNG.sync.read(png);
  const scale = Math.min(1, (height - 40) / image.height, (width - 40) / image.width);
  const shownWidth = Math.floor(image.width * scale);
  const shownHeight = Math.floor(image.height * scale);
  const left = Math.floor((width - shownWidth) / 2);
  const top = Math.floor((height - shownHeight) / 2);
  const luma = Buffer.alloc(width * height, 255);
  for (let y = 0; y < shownHeight; y++) {
    for (let x = 0; x < shownWidth; x++) {
      const source = (Math.floor(y / scale) * image.width + Math.floor(x / scale)) * 4;
      const [r = 255, g = 255, b = 255] = [image.data[source], image.data[source + 1], image.data[source + 2]];
      luma[(top + y) * width + left + x] = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}
