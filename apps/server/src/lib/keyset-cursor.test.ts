import { describe, expect, it } from "vitest";
import { AppError } from "./app-error.ts";
import { decodeKeysetCursor, encodeKeysetCursor } from "./keyset-cursor.ts";

const isUuid = (id: string) => /^[0-9a-f-]{36}$/.test(id);
const encodeRaw = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

describe("the keyset cursor", () => {
  it("reads back the row it was made from", () => {
    const cursor = { createdAt: new Date("2026-03-01T10:20:30.456Z"), id: "0b9d7a52-54b6-4c3e-9a52-4c1de0a4b3f1" };
    expect(decodeKeysetCursor(encodeKeysetCursor(cursor), isUuid)).toEqual(cursor);
    expect(encodeKeysetCursor(cursor)).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it.each([
    ["not base64 JSON", "garbage"],
    ["an empty value", ""],
    ["a bad date", encodeRaw(["yesterday", "0b9d7a52-54b6-4c3e-9a52-4c1de0a4b3f1"])],
    ["a missing id", encodeRaw(["2026-03-01T10:20:30.456Z"])],
    ["an id of the wrong kind", encodeRaw(["2026-03-01T10:20:30.456Z", "x'; drop table orders"])],
    ["an object", encodeRaw({ createdAt: "2026-03-01T10:20:30.456Z", id: "a" })],
  ])("refuses %s with a 400 validation error", (_what, text) => {
    expect(() => decodeKeysetCursor(text, isUuid)).toThrow(AppError);
    try {
      decodeKeysetCursor(text, isUuid);
    } catch (error) {
      expect((error as AppError).code).toBe("validation_failed");
    }
  });
});
