import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "./db/auth-schema.ts";
import { openDatabase } from "./db/client.ts";

const here = path.dirname(fileURLToPath(import.meta.url));

describe("the real start with BOOTSTRAP_ADMIN_EMAIL naming an unverified account", () => {
  it("says why and exits non-zero, leaving the account as it was", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "bureau-bootstrap-refused-"));
    const dataDir = path.join(dir, "pglite");
    try {
      // Someone signed up with the address before the operator configured it, and never verified it.
      const database = openDatabase({ kind: "pglite", dataDir });
      await database.migrate();
      await database.db.insert(users).values({
        id: "squatter-1",
        name: "",
        email: "ops@harbour.test",
        emailVerified: false,
        role: "user",
        createdAt: new Date(),
        updatedAt: new Date(),
      });
      await database.close();

      const failure = await promisify(execFile)(process.execPath, [path.join(here, "main.ts")], {
        env: {
          ...process.env,
          PORT: "0",
          DATA_DIR: dir,
          DATABASE_URL: "",
          AUTH_SECRET: "start-test-secret-start-test-secret-0123",
          SECURE_BOX_USERNAME: "boxuser",
          SECURE_BOX_PASSWORD: "box-password-123",
          BOOTSTRAP_ADMIN_EMAIL: "ops@harbour.test",
          BOOTSTRAP_ADMIN_PASSWORD: "bootstrap-password-4",
          BOOTSTRAP_ADMIN_TOTP_SECRET: "",
          SMTP_URL: "",
        },
      }).then(
        () => null,
        (error: { code: number; stderr: string }) => error,
      );
      expect(failure?.code).toBe(1);
      expect(failure?.stderr).toContain(
        "ops@harbour.test already exists but its e-mail address is not verified, so it was not made an admin",
      );

      const after = openDatabase({ kind: "pglite", dataDir });
      const [row] = await after.db.select().from(users).where(eq(users.email, "ops@harbour.test"));
      await after.close();
      expect(row?.role).toBe("user");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
