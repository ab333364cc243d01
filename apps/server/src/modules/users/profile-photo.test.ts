import { describe, expect, it } from "vitest";
import { tinyJpeg, tinyPng } from "../../test/images.ts";
import { detectImageType } from "./profile-photo.ts";

describe("image type detection from the file's own bytes", () => {
  it("recognises PNG, JPEG and WebP", () => {
    expect(detectImageType(tinyPng)).toBe("image/png");
    expect(detectImageType(tinyJpeg)).toBe("image/jpeg");
    expect(detectImageType(Buffer.from("RIFF\x24\x00\x00\x00WEBPVP8 ", "latin1"))).toBe("image/webp");
  });

  it("refuses anything else, whatever it claims to be", () => {
    expect(
      detectImageType(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>")),
    ).toBeNull();
    expect(detectImageType(Buffer.from("<html><body>not an image</body></html>"))).toBeNull();
    expect(detectImageType(Buffer.from("GIF89a\x01\x00\x01\x00", "latin1"))).toBeNull();
    expect(detectImageType(Buffer.from("RIFF\x24\x00\x00\x00WAVEfmt ", "latin1"))).toBeNull();
    expect(detectImageType(Buffer.from([0x89, 0x50, 0x4e]))).toBeNull();
    expect(detectImageType(Buffer.alloc(0))).toBeNull();
  });
});
