import type { AccountRole } from "@bureau/domain/staff-permissions";
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { Secret, TOTP } from "otpauth";
import { staffBranches, staffSecondFactors, users } from "../db/auth-schema.ts";
import { enrolWithKnownSecret } from "../modules/users/index.ts";

/**
 * Signing in for server tests, through the real endpoints (better-auth's sign-up, our Secure Box),
 * so that what a test sees is what a browser would get. Each helper call comes from its own client
 * address, so that tests do not trip the per-address attempt limits unless they mean to.
 */

export type SignedIn = {
  userId: string;
  email: string;
  password: string;
  /** "name=value; name2=value2" for a Cookie header. */
  cookie: string;
  /** Cookie plus our Origin: what a same-site browser request carries on a state change. */
  headers: { cookie: string; origin: string };
};

let addressCounter = 0;
/** A distinct client address per call (10.77.x.y). */
export function nextClientAddress(): string {
  addressCounter += 1;
  return `10.77.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;
}

export function uniqueEmail(prefix = "person"): string {
  return `${prefix}-${randomBytes(5).toString("hex")}@example.com`;
}

/** The cookies a response sets, as a Cookie header value (later ones replace earlier ones). */
export function cookieHeaderFrom(setCookie: string | string[] | undefined, previous = ""): string {
  const jar = new Map<string, string>();
  for (const part of previous.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name) jar.set(name, rest.join("="));
  }
  const list = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie];
  for (const line of list) {
    const [pair] = line.split(";");
    const [name, ...rest] = (pair ?? "").trim().split("=");
    if (!name) continue;
    const value = rest.join("=");
    if (value === "" || /max-age=0/i.test(line)) jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

export async function signUp(
  app: FastifyInstance,
  options: { email?: string; password?: string; name?: string; extra?: Record<string, unknown> } = {},
): Promise<SignedIn> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? "correct-horse-battery";
  const response = await app.inject({
    method: "POST",
    url: "/api/auth/sign-up/email",
    remoteAddress: nextClientAddress(),
    headers: { origin: app.config.publicUrl, "content-type": "application/json" },
    payload: JSON.stringify({ email, password, name: options.name ?? "", ...options.extra }),
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  // A sign-up never signs in (decision 030): the new account signs in as anyone does.
  const cookie = await signIn(app, email, password);
  const session = await app.inject({ method: "GET", url: "/api/session", headers: { cookie } });
  const userId = (session.json() as { id: string }).id;
  return { userId, email, password, cookie, headers: { cookie, origin: app.config.publicUrl } };
}

export async function signIn(app: FastifyInstance, email: string, password: string): Promise<string> {
  const response = await app.inject({
    method: "POST",
    url: "/api/auth/sign-in/email",
    remoteAddress: nextClientAddress(),
    headers: { origin: app.config.publicUrl, "content-type": "application/json" },
    payload: JSON.stringify({ email, password }),
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return cookieHeaderFrom(response.headers["set-cookie"]);
}

/**
 * Marks an account's e-mail verified in the database, for tests about something else than the
 * verification link itself (which routes/auth/email-verification.test.ts follows for real).
 */
export async function markEmailVerified(app: FastifyInstance, userId: string) {
  await app.db.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
}

/** The current code of an authenticator with this secret (RFC 6238: SHA-1, 6 digits, 30 s), as an app shows it. */
export function authenticatorCode(secretBase32: string, offsetSteps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secretBase32), algorithm: "SHA1", digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });
}

const authenticatorSecrets = new Map<string, string>();

/**
 * Gives the admin an authenticator whose secret the test knows (set in the database, as the
 * bootstrap admin's BOOTSTRAP_ADMIN_TOTP_SECRET is) and forgets which code was used last, so that a
 * test can open the Secure Box for one admin more than once within a 30-second step. The replay
 * refusal itself is tested in second-factor.test.ts.
 */
export async function giveAuthenticator(app: FastifyInstance, userId: string): Promise<string> {
  const secretBase32 = authenticatorSecrets.get(userId) ?? new Secret({ size: 20 }).base32;
  authenticatorSecrets.set(userId, secretBase32);
  await enrolWithKnownSecret({ db: app.db, authSecret: app.config.authSecret, userId, secretBase32 });
  await app.db.update(staffSecondFactors).set({ lastUsedStep: null }).where(eq(staffSecondFactors.userId, userId));
  return secretBase32;
}

/**
 * Passes the Secure Box with the configured credentials and a current authenticator code (the
 * session must be an admin's; the authenticator is set up here when the test has not).
 */
export async function passSecureBox(app: FastifyInstance, signedIn: Pick<SignedIn, "headers" | "userId">) {
  const secret = await giveAuthenticator(app, signedIn.userId);
  const response = await app.inject({
    method: "POST",
    url: "/api/box",
    remoteAddress: nextClientAddress(),
    headers: signedIn.headers,
    payload: {
      username: app.config.secureBox.username,
      password: app.config.secureBox.password,
      code: authenticatorCode(secret),
    },
  });
  if (response.statusCode !== 200) throw new Error(`Secure Box failed: ${response.statusCode} ${response.body}`);
}

/** Every seeded branch: for staff in tests about a role rather than a branch (branch-scope.test.ts is about branches). */
export const EVERY_BRANCH = ["worthing", "brighton", "chichester", "172"];

/**
 * A signed-in session of a new account: a customer, or staff of a role (at `branches`, for a cashier or
 * a manager), whose session passed the Secure Box when `staffVerified`. Roles are set in the database,
 * as only staff could do it otherwise.
 */
export async function signUpAndSignIn(
  app: FastifyInstance,
  options: { email?: string; role?: AccountRole; branches?: string[]; staffVerified?: boolean } = {},
): Promise<SignedIn> {
  const signedIn = await signUp(app, { email: options.email });
  if (options.role && options.role !== "user") {
    await app.db.update(users).set({ role: options.role }).where(eq(users.id, signedIn.userId));
    const branches = options.branches ?? [];
    if (branches.length)
      await app.db.insert(staffBranches).values(branches.map((branchKey) => ({ userId: signedIn.userId, branchKey })));
  }
  if (options.staffVerified) await passSecureBox(app, signedIn);
  return signedIn;
}
