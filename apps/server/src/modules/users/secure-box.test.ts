import { timingSafeEqual } from "node:crypto";
import { describe, expect, it } from "vitest";
import { secureBoxCredentialsMatch } from "./secure-box.ts";

const expected = { username: "staff-desk", password: "a-long-box-password" };

describe("Secure Box credential comparison", () => {
  it("accepts exactly the configured username and password", () => {
    expect(secureBoxCredentialsMatch(expected, { ...expected })).toBe(true);
    for (const given of [
      { username: "staff-desk", password: "a-long-box-passwor" },
      { username: "staff-desk", password: "a-long-box-password " },
      { username: "Staff-desk", password: "a-long-box-password" },
      { username: "staff-desk", password: "" },
      { username: "", password: "a-long-box-password" },
      { username: "a-long-box-password", password: "staff-desk" },
    ]) {
      expect(secureBoxCredentialsMatch(expected, given)).toBe(false);
    }
  });

  it("compares fixed-length digests with timingSafeEqual and never stops early", () => {
    const comparisons: Array<[number, number]> = [];
    const recordingEqual = (a: Buffer, b: Buffer) => {
      comparisons.push([a.length, b.length]);
      return timingSafeEqual(a, b);
    };
    // A wrong username, of a different length, still costs both comparisons of 32-byte digests.
    expect(secureBoxCredentialsMatch(expected, { username: "x", password: "y".repeat(500) }, recordingEqual)).toBe(
      false,
    );
    expect(comparisons).toEqual([
      [32, 32],
      [32, 32],
    ]);
  });
});
