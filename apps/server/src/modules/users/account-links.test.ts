import { describe, expect, it } from "vitest";
import { ACCOUNT_LINK_TTL_SECONDS, createAccountLinks } from "./account-links.ts";

const links = createAccountLinks({ authSecret: "a-secret-of-the-tests-0123456789", publicUrl: "https://fx.example" });
const claims = { userId: "u_123", email: "Ann@Example.com" };

describe("account e-mail links", () => {
  it("reads back what it signed, for its own purpose only, with the address in lower case", () => {
    const token = links.tokenFor("verify-email", claims);
    expect(links.read("verify-email", token)).toEqual({
      ok: true,
      claims: { userId: "u_123", email: "ann@example.com" },
    });
    expect(links.read("not-me", token)).toEqual({ ok: false, reason: "invalid" });
    expect(links.read("close-account", token)).toEqual({ ok: false, reason: "invalid" });
    expect(links.urlFor("not-me", claims)).toMatch(/^https:\/\/fx\.example\/notMe\?token=/);
  });

  it("refuses another secret's token, an altered one and malformed ones", () => {
    const other = createAccountLinks({
      authSecret: "another-secret-0123456789abcdef",
      publicUrl: "https://fx.example",
    });
    const token = links.tokenFor("verify-email", claims);
    expect(other.read("verify-email", token).ok).toBe(false);
    const [body, mac] = token.split(".") as [string, string];
    const forged = Buffer.from(JSON.stringify(["u_999", "ann@example.com", 4_102_444_800])).toString("base64url");
    expect(links.read("verify-email", `${forged}.${mac}`).ok).toBe(false);
    // The MAC's first character carries six whole bits (its last one may only carry padding bits).
    const altered = `${mac.startsWith("A") ? "B" : "A"}${mac.slice(1)}`;
    expect(links.read("verify-email", `${body}.${altered}`).ok).toBe(false);
    for (const bad of ["", ".", "abc", `${body}.`, `.${mac}`, "x".repeat(2000)]) {
      expect(links.read("verify-email", bad).ok, bad).toBe(false);
    }
  });

  it("works until its expiry and says when it has expired", () => {
    const made = new Date("2026-11-27T10:00:00Z");
    const token = links.tokenFor("close-account", claims, made);
    const justBefore = new Date(made.getTime() + ACCOUNT_LINK_TTL_SECONDS["close-account"] * 1000 - 1000);
    const at = new Date(made.getTime() + ACCOUNT_LINK_TTL_SECONDS["close-account"] * 1000);
    expect(links.read("close-account", token, justBefore).ok).toBe(true);
    expect(links.read("close-account", token, at)).toEqual({ ok: false, reason: "expired" });
  });
});
