import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PASSWORD_TOO_COMMON_MESSAGE, PASSWORD_RULE } from "@bureau/domain/account-rules";
import { users } from "../../db/auth-schema.ts";
import { outbox } from "../../db/schema.ts";
import { newPasswordProblem, rankedPasswordCount } from "../../modules/users/index.ts";
import { nextClientAddress, signIn, signUp, uniqueEmail } from "../../test/auth-helpers.ts";
import { appWithSmtpSink, lastMailTo, mailerFor } from "../../test/smtp-sink.ts";

describe("sign-up tells nothing about accounts, and refuses guessable passwords", () => {
  const env = appWithSmtpSink();

  const signUpRequest = (email: string, password: string) =>
    env.t.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      remoteAddress: nextClientAddress(),
      headers: { "content-type": "application/json", origin: env.t.config.publicUrl },
      payload: JSON.stringify({ email, password, name: "" }),
    });

  /** What a sign-up answer shows a client, with the values that differ by nature (ids, times) blanked. */
  const shapeOf = (response: Awaited<ReturnType<typeof signUpRequest>>) => ({
    status: response.statusCode,
    cookies: [response.headers["set-cookie"] ?? []].flat().length,
    body: JSON.stringify(response.json(), (key, value) =>
      ["id", "createdAt", "updatedAt"].includes(key) ? "·" : key === "email" ? "·" : value,
    ),
    headers: Object.keys(response.headers)
      .filter((name) => !["date", "content-length", "x-request-id"].includes(name))
      .sort(),
  });

  it("answers the same for a new address and for one with an account, and e-mails the owner instead", async () => {
    const existing = await signUp(env.t.app, { email: uniqueEmail("owner"), password: "owners-own-password" });
    const fresh = uniqueEmail("fresh");
    const forNew = await signUpRequest(fresh, "a-strangers-password-1");
    const forExisting = await signUpRequest(existing.email, "a-strangers-password-1");
    expect(forExisting.statusCode).toBe(200);
    expect(shapeOf(forExisting)).toEqual(shapeOf(forNew));
    // Neither signs anyone in: a new account signs in as anyone does.
    expect(forNew.headers["set-cookie"]).toBeUndefined();
    expect(forExisting.body).not.toContain("already exists");

    // The existing account is untouched: its own password still opens it, the stranger's does not.
    await signIn(env.t.app, existing.email, "owners-own-password");
    await expect(signIn(env.t.app, existing.email, "a-strangers-password-1")).rejects.toThrow(/401/);
    await signIn(env.t.app, fresh, "a-strangers-password-1");

    // The owner hears of it; nobody gets a verification link for an existing account.
    await mailerFor(env.t.app, env.smtp).runOnce();
    const told = lastMailTo(env.smtp.messages, existing.email, "Someone tried to sign up with your e-mail address");
    expect(told).toContain("You already have an account");
    expect(told).toContain("http://localhost:3000/forgotPassword");
    const verifications = (await env.t.db.select().from(outbox).where(eq(outbox.kind, "email-verification"))).filter(
      (row) => (row.payload as { to: string }).to === existing.email,
    );
    expect(verifications).toHaveLength(1);
    // Repeated tries within the hour do not flood the owner's mailbox.
    await signUpRequest(existing.email, "another-strangers-password");
    const notices = (await env.t.db.select().from(outbox).where(eq(outbox.kind, "sign-up-existing-account"))).filter(
      (row) => (row.payload as { to: string }).to === existing.email,
    );
    expect(notices).toHaveLength(1);
  });

  it("refuses guessable new passwords with the estimator's dictionaries and the product's own words", async () => {
    expect(rankedPasswordCount()).toBeGreaterThanOrEqual(10_000);
    for (const password of [
      "aaaaaaaaaaaa",
      "password1234",
      "QwertyUiop123",
      "1qaz2wsx3edc",
      "harbourfx2026",
      "Brighton2026!",
      "123456789012",
      "iloveyou2024",
    ]) {
      const email = uniqueEmail("guessable");
      const response = await signUpRequest(email, password);
      expect(response.statusCode, password).toBe(400);
      expect(response.json().error.fields.password, password).toBe(PASSWORD_TOO_COMMON_MESSAGE);
      expect(await env.t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    }
    // A password built on the person's own address is as guessable.
    const own = await signUpRequest("zyxquo.plimbert@example.com", "zyxquoplimbert");
    expect(own.statusCode).toBe(400);
    expect(own.json().error.fields.password).toBe(PASSWORD_TOO_COMMON_MESSAGE);
    expect(newPasswordProblem("zyxquoplimbert")).toBeUndefined();
    // Long, unusual passphrases pass.
    for (const password of ["correct-horse-battery", "my cat likes tuna at noon", "Tr0ub4dor&3-plus"]) {
      expect(newPasswordProblem(password), password).toBeUndefined();
    }
    expect(PASSWORD_RULE).toMatch(/at least 12 characters/);
  });
});
