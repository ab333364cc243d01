import { describe, expect, it } from "vitest";
import { initialsOf, safeRedirectTarget } from "./account-rules.ts";

describe("avatar initials", () => {
  it("come from the display name when there is one", () => {
    expect(initialsOf({ name: "Ada Lovelace", email: "x@example.com" })).toBe("AL");
    expect(initialsOf({ name: "  ada  byron lovelace ", email: "x@example.com" })).toBe("AL");
    expect(initialsOf({ name: "Cher", email: "x@example.com" })).toBe("CH");
  });
  it("come from the e-mail otherwise", () => {
    expect(initialsOf({ name: "", email: "jane.doe@example.com" })).toBe("JD");
    expect(initialsOf({ name: "", email: "bob@example.com" })).toBe("BO");
    expect(initialsOf({ name: "", email: "@example.com" })).toBe("?");
  });
});

describe("the return target after signing in", () => {
  it("keeps a path on this site, with its query", () => {
    expect(safeRedirectTarget("/dashboard/Users?after=abc")).toBe("/dashboard/Users?after=abc");
    expect(safeRedirectTarget("/box?redirectTo=%2Fdashboard")).toBe("/box?redirectTo=%2Fdashboard");
  });
  it("turns anything that could leave the site into the fallback", () => {
    for (const raw of [
      "//evil.example/x",
      "https://evil.example",
      "/\\evil.example",
      "evil",
      "/\t/evil.example",
      "",
      null,
      42,
    ]) {
      expect(safeRedirectTarget(raw)).toBe("/");
    }
    expect(safeRedirectTarget("https://evil.example", "/signIn")).toBe("/signIn");
  });
});
