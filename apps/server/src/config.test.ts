import { execFile, spawn } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, parseEnv, toBlockList } from "./config.ts";
import { GENERATED_CREDENTIALS_FILE } from "./lib/generated-credentials.ts";

const here = path.dirname(fileURLToPath(import.meta.url));

describe("configuration", () => {
  it("has the documented defaults", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe("127.0.0.1");
    expect(env.DATA_DIR).toBe("./data");
    expect(env.RATES_PROVIDER).toBe("fixed");
    expect(env.DATABASE_POOL_SIZE).toBe(20);
    expect(env.METRICS_ALLOW).toEqual(["127.0.0.1", "::1"]);
    expect(env.ORDER_EXPIRE_ACCEPTED_AFTER_DAYS).toBe(4);
    expect(env.ORDER_EXPIRE_PENDING_AFTER_DAYS).toBe(7);
    expect(env.DISPLAY_TIME_ZONE).toBe("Europe/London");
  });

  it("reads the expiry rules in days, fractions allowed, and refuses what is not a period", () => {
    expect(parseEnv({ ORDER_EXPIRE_ACCEPTED_AFTER_DAYS: "0.5" }).ORDER_EXPIRE_ACCEPTED_AFTER_DAYS).toBe(0.5);
    for (const value of ["0", "-1", "four", "400"]) {
      expect(() => parseEnv({ ORDER_EXPIRE_PENDING_AFTER_DAYS: value })).toThrow(/ORDER_EXPIRE_PENDING_AFTER_DAYS/);
    }
  });

  it("reads the rates' freshness, the quote pause and the sanctions list's age, with their defaults", () => {
    const defaults = parseEnv({});
    expect(defaults.RATES_FRESH_HOURS).toBe(26);
    expect(defaults.RATES_PAUSE_ORDERS_AFTER_HOURS).toBe(72);
    expect(defaults.SANCTIONS_LIST_STALE_DAYS).toBe(7);
    const set = parseEnv({
      RATES_FRESH_HOURS: "2",
      RATES_PAUSE_ORDERS_AFTER_HOURS: "48",
      SANCTIONS_LIST_STALE_DAYS: "3",
    });
    expect([set.RATES_FRESH_HOURS, set.RATES_PAUSE_ORDERS_AFTER_HOURS, set.SANCTIONS_LIST_STALE_DAYS]).toEqual([
      2, 48, 3,
    ]);
    for (const [name, value] of [
      ["RATES_FRESH_HOURS", "0"],
      ["RATES_FRESH_HOURS", "a day"],
      ["RATES_PAUSE_ORDERS_AFTER_HOURS", "-1"],
      ["SANCTIONS_LIST_STALE_DAYS", "400"],
    ] as const) {
      expect(() => parseEnv({ [name]: value })).toThrow(name);
    }
  });

  it("reads TILL_VARIANCE_SIGNOFF_GBP in pounds into pence, £10 by default", () => {
    expect(parseEnv({}).TILL_VARIANCE_SIGNOFF_GBP).toBe(1_000);
    expect(parseEnv({ TILL_VARIANCE_SIGNOFF_GBP: "25.50" }).TILL_VARIANCE_SIGNOFF_GBP).toBe(2_550);
    expect(parseEnv({ TILL_VARIANCE_SIGNOFF_GBP: "0" }).TILL_VARIANCE_SIGNOFF_GBP).toBe(0);
    for (const value of ["-1", "ten", "10.001"]) {
      expect(() => parseEnv({ TILL_VARIANCE_SIGNOFF_GBP: value })).toThrow(/TILL_VARIANCE_SIGNOFF_GBP/);
    }
  });

  it("reads BUYBACK_GUARANTEE_GBP in pounds into pence (£4.99 by default) and BUYBACK_GUARANTEE_DAYS (45)", () => {
    expect(parseEnv({}).BUYBACK_GUARANTEE_GBP).toBe(499);
    expect(parseEnv({}).BUYBACK_GUARANTEE_DAYS).toBe(45);
    expect(parseEnv({ BUYBACK_GUARANTEE_GBP: "3.5", BUYBACK_GUARANTEE_DAYS: "30" })).toMatchObject({
      BUYBACK_GUARANTEE_GBP: 350,
      BUYBACK_GUARANTEE_DAYS: 30,
    });
    for (const value of ["-1", "four", "4.999"]) {
      expect(() => parseEnv({ BUYBACK_GUARANTEE_GBP: value })).toThrow(/BUYBACK_GUARANTEE_GBP/);
    }
    for (const value of ["0", "366", "1.5", "x"]) {
      expect(() => parseEnv({ BUYBACK_GUARANTEE_DAYS: value })).toThrow(/BUYBACK_GUARANTEE_DAYS/);
    }
  });

  it("reads DISPLAY_TIME_ZONE as a time zone Intl knows, in its canonical spelling", () => {
    expect(parseEnv({ DISPLAY_TIME_ZONE: "america/new_york" }).DISPLAY_TIME_ZONE).toBe("America/New_York");
    expect(parseEnv({ DISPLAY_TIME_ZONE: "" }).DISPLAY_TIME_ZONE).toBe("Europe/London");
  });

  it("reads METRICS_ALLOW as addresses and CIDR ranges", () => {
    const list = toBlockList(parseEnv({ METRICS_ALLOW: "127.0.0.1, 10.1.0.0/16, fd00::/8" }).METRICS_ALLOW);
    expect(list.check("127.0.0.1", "ipv4")).toBe(true);
    expect(list.check("10.1.200.3", "ipv4")).toBe(true);
    expect(list.check("10.2.0.1", "ipv4")).toBe(false);
    expect(list.check("fd12::1", "ipv6")).toBe(true);
    expect(list.check("::1", "ipv6")).toBe(false);
    expect(() => parseEnv({ METRICS_ALLOW: "10.0.0.0/33" })).toThrow(ConfigError);
  });

  it.each([
    [{ PORT: "abc" }, "PORT"],
    [{ DATABASE_POOL_SIZE: "0" }, "DATABASE_POOL_SIZE"],
    [{ METRICS_ALLOW: "everyone" }, "METRICS_ALLOW"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ PUBLIC_URL: "not a url" }, "PUBLIC_URL"],
    [{ RATES_PROVIDER: "magic" }, "RATES_PROVIDER"],
    [{ SMTP_URL: "http://mail" }, "SMTP_URL"],
    [{ SUPPORT_EMAIL: "nobody" }, "SUPPORT_EMAIL"],
    [{ GOOGLE_CLIENT_ID: "only-id" }, "GOOGLE_CLIENT_SECRET"],
    [{ RATES_PROVIDER: "exchangerates" }, "RATES_API_URL"],
    [{ TRUSTED_PROXIES: "127.0.0.1, proxy.internal" }, "TRUSTED_PROXIES"],
    [{ TRUSTED_PROXIES: "10.0.0.0/33" }, "TRUSTED_PROXIES"],
    [{ DISPLAY_TIME_ZONE: "Europe/Atlantis" }, "DISPLAY_TIME_ZONE"],
    [{ DISPLAY_TIME_ZONE: "GMT+25" }, "DISPLAY_TIME_ZONE"],
  ])("refuses %o naming %s", (env, name) => {
    expect(() => parseEnv(env)).toThrowError(ConfigError);
    try {
      parseEnv(env);
    } catch (error) {
      expect((error as ConfigError).message).toContain(name);
    }
  });

  it("stops the start with a message naming the variable", async () => {
    const run = promisify(execFile);
    const failure = await run(process.execPath, [path.join(here, "main.ts")], {
      env: { ...process.env, PORT: "abc", DATA_DIR: "/tmp/bureau-config-test" },
    }).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure).not.toBeNull();
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain("PORT");
  });

  describe("the generated secrets file", () => {
    const scratch = () => mkdtempSync(path.join(tmpdir(), "bureau-secrets-"));
    const load = (dataDir: string) => loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent" });

    it("is written readable by the server's user only, and read back on the next start", () => {
      const dir = scratch();
      try {
        const first = load(dir);
        const file = path.join(dir, "secrets.json");
        expect(statSync(file).mode & 0o777).toBe(0o600);
        expect(first.generatedCredentials.join("\n")).toContain(first.secureBox.password);
        expect(first.generatedNotice.join("\n")).not.toContain(first.secureBox.password);
        chmodSync(file, 0o644);
        const second = load(dir);
        expect(second.authSecret).toBe(first.authSecret);
        expect(second.secureBox).toEqual(first.secureBox);
        expect(second.generatedCredentials).toEqual([]);
        expect(statSync(file).mode & 0o777).toBe(0o600);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it.each([
      ["corrupt", (file: string) => writeFileSync(file, '{"authSecret": "trunc'), /secrets\.json is corrupt/],
      ["incomplete", (file: string) => writeFileSync(file, '{"authSecret": "short"}'), /secrets\.json is corrupt/],
      ["unreadable", (file: string) => mkdirSync(file), /secrets\.json cannot be read \(EISDIR\)/],
    ])("stops the start when it is %s, instead of generating new secrets", (_kind, spoil, message) => {
      const dir = scratch();
      try {
        const file = path.join(dir, "secrets.json");
        spoil(file);
        const before = statSync(file).mtimeMs;
        expect(() => load(dir)).toThrowError(ConfigError);
        expect(() => load(dir)).toThrowError(message);
        expect(statSync(file).mtimeMs).toBe(before);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it("makes the product exit non-zero with that message", async () => {
      const dir = scratch();
      try {
        writeFileSync(path.join(dir, "secrets.json"), "not json");
        const run = promisify(execFile);
        const failure = await run(process.execPath, [path.join(here, "main.ts")], {
          env: { ...process.env, PORT: "0", DATA_DIR: dir, AUTH_SECRET: "", SECURE_BOX_USERNAME: "" },
        }).then(
          () => null,
          (error: { code: number; stderr: string }) => error,
        );
        expect(failure?.code).toBe(1);
        expect(failure?.stderr).toContain("secrets.json is corrupt");
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });

  it("shows generated passwords only on a terminal: with its output logged, they go to a private file", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "bureau-first-start-"));
    const child = spawn(process.execPath, [path.join(here, "main.ts")], {
      env: {
        ...process.env,
        PORT: "0",
        DATA_DIR: dir,
        DATABASE_URL: "",
        AUTH_SECRET: "",
        SECURE_BOX_USERNAME: "",
        SECURE_BOX_PASSWORD: "",
        BOOTSTRAP_ADMIN_EMAIL: "",
        BOOTSTRAP_ADMIN_PASSWORD: "",
        LOG_LEVEL: "info",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (data) => {
      output += data;
    });
    child.stderr.on("data", (data) => {
      output += data;
    });
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no start within 80 s:\n${output}`)), 80_000);
        child.stdout.on("data", () => {
          if (output.includes("is running at")) {
            clearTimeout(timer);
            resolve();
          }
        });
        child.on("exit", (code) => reject(new Error(`exited ${code}:\n${output}`)));
      });
      const file = path.join(dir, GENERATED_CREDENTIALS_FILE);
      const written = readFileSync(file, "utf8");
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const secrets = JSON.parse(readFileSync(path.join(dir, "secrets.json"), "utf8")) as { secureBoxPassword: string };
      const adminPassword = /admin@localhost\.localdomain\s+password: (\S+)/.exec(written)?.[1];
      expect(adminPassword?.length).toBeGreaterThanOrEqual(16);
      expect(written).toContain(secrets.secureBoxPassword);
      expect(output).toContain(file);
      expect(output).not.toContain(adminPassword);
      expect(output).not.toContain(secrets.secureBoxPassword);
    } finally {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
      rmSync(dir, { recursive: true, force: true });
    }
    // A first start creates, migrates and seeds a new embedded database: over 60 s seen on a busy machine.
  }, 90_000);
});
