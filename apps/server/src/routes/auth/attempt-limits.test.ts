import { like } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { attemptCounters } from "../../db/schema.ts";
import { seedDatabase } from "../../db/seed.ts";
import {
  authenticatorCode,
  giveAuthenticator,
  nextClientAddress,
  type SignedIn,
  signUp,
  signUpAndSignIn,
  uniqueEmail,
} from "../../test/auth-helpers.ts";
import { createTestDatabase, testConfig } from "../../test/test-app.ts";
import { releaseLease, takeLease } from "../../modules/attempts/index.ts";
import {
  SIGN_IN_IN_PROGRESS_MESSAGE,
  secureBoxLimits,
  signInLimits,
  signInOneAtATime,
  signUpLimits,
} from "./attempt-limits.ts";

const json = { "content-type": "application/json" };

function maxOf(limits: typeof signInLimits, name: string): number {
  const policy = limits.find((limit) => limit.name === name)?.policy;
  if (policy?.kind !== "refuse") throw new Error(`no refusing limit ${name}`);
  return policy.max;
}

/**
 * Two instances of the product on one database, as behind a load balancer: every limit must hold
 * across them, so the tests alternate between the two.
 */
describe("attempt limits, with two server instances on one database", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let instances: FastifyInstance[] = [];
  const instance = (i: number) => instances[i % instances.length]!;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDatabase(database.db);
    const config = testConfig();
    instances = [await buildApp({ config, database }), await buildApp({ config, database })];
    await Promise.all(instances.map((app) => app.ready()));
  });
  afterAll(async () => {
    await Promise.all(instances.map((app) => app.close()));
    await database.close();
  });

  const signInAttempt = (
    app: FastifyInstance,
    email: string,
    password: string,
    remoteAddress: string,
    headers: Record<string, string> = {},
  ) =>
    app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      remoteAddress,
      headers: { ...json, origin: app.config.publicUrl, ...headers },
      payload: JSON.stringify({ email, password }),
    });
  const counterKeys = async (prefix: string) =>
    (
      await database.db
        .select()
        .from(attemptCounters)
        .where(like(attemptCounters.key, `${prefix}%`))
    ).map((row) => row.key);

  it("refuses an address after its failed sign-ins, counted across both instances", async () => {
    const address = nextClientAddress();
    const max = maxOf(signInLimits, "sign-in:address");
    for (let i = 0; i < max; i++) {
      expect((await signInAttempt(instance(i), uniqueEmail(), "wrong-password-1", address)).statusCode).toBe(401);
    }
    for (const app of instances) {
      const limited = await signInAttempt(app, uniqueEmail(), "wrong-password-1", address);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.message).toMatch(/^Too many sign-in attempts\. Please wait .+ and try again\.$/);
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    }
    expect(await counterKeys(`sign-in:address:${address}`)).toEqual([`sign-in:address:${address}`]);
    // Another address is not affected.
    expect((await signInAttempt(instance(0), uniqueEmail(), "wrong-password-1", nextClientAddress())).statusCode).toBe(
      401,
    );
  });

  it("stops 40 parallel wrong passwords from one address at the cap, across both instances", async () => {
    const address = nextClientAddress();
    const max = maxOf(signInLimits, "sign-in:address");
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => signInAttempt(instance(i), uniqueEmail(), "wrong-password-1", address)),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - max);
    // Refused attempts were never judged: the address holds exactly its failures, and stays refused.
    const [row] = await database.db
      .select()
      .from(attemptCounters)
      .where(like(attemptCounters.key, `sign-in:address:${address}`));
    expect(row?.count).toBe(max);
    expect((await signInAttempt(instance(0), uniqueEmail(), "wrong-password-1", address)).statusCode).toBe(429);
  });

  it("judges one sign-in per account at a time: a second attempt waits for the first", async () => {
    const account = await signUp(instance(0));
    // An attempt on this account in progress elsewhere (another instance), holding the account's turn.
    const turn = `${signInOneAtATime.name}:${account.email.toLowerCase()}`;
    const token = await takeLease(database.db, turn, 5_000);
    expect(token).toBeDefined();
    expect(await takeLease(database.db, turn, 5_000)).toBeUndefined();
    const started = performance.now();
    const waiting = signInAttempt(instance(1), account.email, account.password, nextClientAddress());
    await new Promise((resolve) => setTimeout(resolve, 600));
    await releaseLease(database.db, turn, token!);
    const answer = await waiting;
    expect(answer.statusCode).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(600);
    // Its turn is given back with the answer.
    expect(await counterKeys(turn)).toEqual([]);
  });

  it("counts parallel wrong passwords on one account exactly, and a success clears them", async () => {
    const account = await signUp(instance(0));
    const address = nextClientAddress();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => signInAttempt(instance(i), account.email, `wrong-password-${i}`, address)),
    );
    expect(answers.every((r) => r.statusCode === 401)).toBe(true);
    const countOf = async (key: string) =>
      (await database.db.select().from(attemptCounters).where(like(attemptCounters.key, key)))[0]?.count;
    expect(await countOf(`sign-in:account:${account.email.toLowerCase()}`)).toBe(8);
    expect(await countOf(`sign-in:address:${address}`)).toBe(8);
    expect((await signInAttempt(instance(1), account.email, account.password, address)).statusCode).toBe(200);
    // The account's slow-down ends; the address keeps its failures, not the success.
    expect(await countOf(`sign-in:account:${account.email.toLowerCase()}`)).toBeUndefined();
    expect(await countOf(`sign-in:address:${address}`)).toBe(8);
  });

  it("does not count successful sign-ins", async () => {
    const account = await signUp(instance(0));
    const address = nextClientAddress();
    for (let i = 0; i < 25; i++) {
      expect((await signInAttempt(instance(i), account.email, account.password, address)).statusCode).toBe(200);
    }
  });

  it("slows down guesses at one account more and more, from any address", async () => {
    const account = await signUp(instance(0));
    const timeOfWrongAttempt = async (i: number) => {
      const started = performance.now();
      const response = await signInAttempt(instance(i), account.email, "wrong-password-1", nextClientAddress());
      expect(response.statusCode).toBe(401);
      return performance.now() - started;
    };
    const times: number[] = [];
    for (let i = 0; i < 6; i++) times.push(await timeOfWrongAttempt(i));
    // Three free failures, then 0.5 s, 1 s, 2 s.
    expect(times[3]).toBeGreaterThanOrEqual(490);
    expect(times[4]).toBeGreaterThanOrEqual(990);
    expect(times[5]).toBeGreaterThanOrEqual(1990);
    expect(times[5]!).toBeGreaterThan(times[3]!);
  });

  it("lets the owner sign in from a fresh address after a flood of wrong passwords from others", async () => {
    const account = await signUp(instance(0));
    const flood = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        signInAttempt(instance(i), account.email, `wrong-password-${i}`, nextClientAddress()),
      ),
    );
    // Judged one at a time: those that waited too long for their turn are refused, never judged.
    const statuses = flood.map((r) => r.statusCode);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    expect(statuses.filter((s) => s === 401).length).toBeGreaterThan(0);
    for (const refused of flood.filter((r) => r.statusCode === 429)) {
      expect(refused.json().error.message).toBe(SIGN_IN_IN_PROGRESS_MESSAGE);
    }
    const owner = await signInAttempt(instance(1), account.email, account.password, nextClientAddress());
    expect(owner.statusCode).toBe(200);
  });

  it("counts IPv6 clients per /64", async () => {
    const max = maxOf(signInLimits, "sign-in:address");
    for (let i = 0; i < max; i++) {
      const address = `2001:db8:5:6::${(i + 1).toString(16)}`;
      expect((await signInAttempt(instance(i), uniqueEmail(), "wrong-password-1", address)).statusCode).toBe(401);
    }
    const sameNetwork = await signInAttempt(instance(0), uniqueEmail(), "wrong-password-1", "2001:db8:5:6:ffff:1:2:3");
    expect(sameNetwork.statusCode).toBe(429);
    const otherNetwork = await signInAttempt(instance(0), uniqueEmail(), "wrong-password-1", "2001:db8:5:7::1");
    expect(otherNetwork.statusCode).toBe(401);
    expect(await counterKeys("sign-in:address:2001:db8:5:6::/64")).toHaveLength(1);
  });

  it("limits sign-ups per address and per e-mail, every attempt counted", async () => {
    const address = nextClientAddress();
    const signUpFrom = (i: number, email: string, remoteAddress: string) =>
      instance(i).inject({
        method: "POST",
        url: "/api/auth/sign-up/email",
        remoteAddress,
        headers: { ...json, origin: instance(i).config.publicUrl },
        payload: JSON.stringify({ email, password: "a-good-password", name: "" }),
      });
    for (let i = 0; i < maxOf(signUpLimits, "sign-up:address"); i++) {
      expect((await signUpFrom(i, uniqueEmail(), address)).statusCode).toBe(200);
    }
    const limited = await signUpFrom(0, uniqueEmail(), address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toContain("Too many sign-up attempts");

    const email = uniqueEmail();
    expect((await signUpFrom(0, email, nextClientAddress())).statusCode).toBe(200);
    for (let i = 1; i < maxOf(signUpLimits, "sign-up:account"); i++) {
      // A taken address answers as a new one does (decision 030).
      expect((await signUpFrom(i, email, nextClientAddress())).statusCode).toBe(200);
    }
    expect((await signUpFrom(1, email, nextClientAddress())).statusCode).toBe(429);
  });

  describe("the Secure Box", () => {
    const secrets = new Map<string, string>();
    /** An admin with an authenticator: the Secure Box counts only such admins' attempts. */
    const boxAdmin = async () => {
      const admin = await signUpAndSignIn(instance(0), { role: "admin" });
      secrets.set(admin.userId, await giveAuthenticator(instance(0), admin.userId));
      return admin;
    };
    const boxAttempt = (i: number, who: SignedIn, remoteAddress: string, password: string) => {
      const secret = secrets.get(who.userId);
      return instance(i).inject({
        method: "POST",
        url: "/api/box",
        remoteAddress,
        headers: who.headers,
        payload: {
          username: instance(i).config.secureBox.username,
          password,
          ...(secret ? { code: authenticatorCode(secret) } : {}),
        },
      });
    };
    const right = () => instance(0).config.secureBox.password;

    it("refuses a plain user with 403 without touching its counters, so staff are never locked out by one", async () => {
      const plain = await signUpAndSignIn(instance(0));
      const address = nextClientAddress();
      for (let i = 0; i < 15; i++) {
        const refused = await boxAttempt(i, plain, address, "wrong-password");
        expect(refused.statusCode).toBe(403);
        expect(refused.json().error.message).toBe("The Secure Box is for staff accounts only.");
      }
      expect(await counterKeys("secure-box:")).toEqual([]);
      const admin = await boxAdmin();
      expect((await boxAttempt(1, admin, address, right())).statusCode).toBe(200);
    });

    it("refuses an address after its failed attempts, across both instances", async () => {
      const admin = await boxAdmin();
      const address = nextClientAddress();
      const max = maxOf(secureBoxLimits, "secure-box:address");
      // Different admins from one address: the address is what is counted here, not the account.
      for (let i = 0; i < max; i++) {
        const other = await boxAdmin();
        expect((await boxAttempt(i, other, address, "wrong-password")).statusCode).toBe(403);
      }
      const limited = await boxAttempt(1, admin, address, right());
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.message).toMatch(/^Too many Secure Box attempts\./);
      expect((await boxAttempt(0, admin, nextClientAddress(), right())).statusCode).toBe(200);
    });

    it("stops parallel wrong attempts from one address at the cap", async () => {
      const admin = await boxAdmin();
      const address = nextClientAddress();
      const max = maxOf(secureBoxLimits, "secure-box:address");
      const answers = await Promise.all(
        Array.from({ length: max + 6 }, (_, i) => boxAttempt(i, admin, address, `wrong-${i}`)),
      );
      const statuses = answers.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 403)).toHaveLength(max);
      expect(statuses.filter((s) => s === 429)).toHaveLength(6);
    });

    it("after a flood of wrong attempts by one admin, that admin still gets in from a fresh address, others at once", async () => {
      const flooded = await boxAdmin();
      const bystander = await boxAdmin();
      const flood = await Promise.all(
        Array.from({ length: 12 }, (_, i) => boxAttempt(i, flooded, nextClientAddress(), `wrong-${i}`)),
      );
      expect(flood.map((r) => r.statusCode).every((s) => s === 403)).toBe(true);
      const started = performance.now();
      expect((await boxAttempt(1, bystander, nextClientAddress(), right())).statusCode).toBe(200);
      expect(performance.now() - started).toBeLessThan(400);
      expect((await boxAttempt(0, flooded, nextClientAddress(), right())).statusCode).toBe(200);
    });
  });
});

describe("the client address behind a proxy", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let apps: { trusting: FastifyInstance; https: FastifyInstance };
  beforeAll(async () => {
    database = await createTestDatabase();
    apps = {
      trusting: await buildApp({ config: testConfig({ TRUSTED_PROXIES: "10.9.9.9, fd00::/8" }), database }),
      https: await buildApp({ config: testConfig({ PUBLIC_URL: "https://harbour.example" }), database }),
    };
    await Promise.all(Object.values(apps).map((app) => app.ready()));
  });
  afterAll(async () => {
    await Promise.all(Object.values(apps).map((app) => app.close()));
    await database.close();
  });

  const failFrom = (app: FastifyInstance, remoteAddress: string, forwardedFor: string) =>
    app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      remoteAddress,
      headers: { ...json, origin: app.config.publicUrl, "x-forwarded-for": forwardedFor },
      payload: JSON.stringify({ email: uniqueEmail(), password: "wrong-password-1" }),
    });
  const counted = async () =>
    (await database.db.select().from(attemptCounters).where(like(attemptCounters.key, "sign-in:address:%"))).map(
      (row) => row.key.replace("sign-in:address:", ""),
    );

  it("believes X-Forwarded-For only from the addresses in TRUSTED_PROXIES", async () => {
    expect((await failFrom(apps.trusting, "10.9.9.9", "203.0.113.7")).statusCode).toBe(401);
    expect((await failFrom(apps.trusting, "fd12::1", "203.0.113.17")).statusCode).toBe(401);
    expect((await failFrom(apps.trusting, "10.8.8.8", "203.0.113.8")).statusCode).toBe(401);
    // Served over https without TRUSTED_PROXIES, even loopback is not believed.
    expect((await failFrom(apps.https, "127.0.0.1", "203.0.113.9")).statusCode).toBe(401);
    const addresses = await counted();
    expect(addresses).toEqual(expect.arrayContaining(["203.0.113.7", "203.0.113.17", "10.8.8.8", "127.0.0.1"]));
    expect(addresses).not.toContain("203.0.113.8");
    expect(addresses).not.toContain("203.0.113.9");
  });
});
