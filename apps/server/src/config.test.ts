import { execFile } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "./config.ts";

const here = path.dirname(fileURLToPath(import.meta.url));

describe("configuration", () => {
  it("has the documented defaults", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe("127.0.0.1");
    expect(env.DATA_DIR).toBe("./data");
    expect(env.RATES_PROVIDER).toBe("fixed");
  });

  it.each([
    [{ PORT: "abc" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ PUBLIC_URL: "not a url" }, "PUBLIC_URL"],
    [{ RATES_PROVIDER: "magic" }, "RATES_PROVIDER"],
    [{ SMTP_URL: "http://mail" }, "SMTP_URL"],
    [{ SUPPORT_EMAIL: "nobody" }, "SUPPORT_EMAIL"],
    [{ GOOGLE_CLIENT_ID: "only-id" }, "GOOGLE_CLIENT_SECRET"],
    [{ RATES_PROVIDER: "exchangerates" }, "RATES_API_URL"],
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
});
