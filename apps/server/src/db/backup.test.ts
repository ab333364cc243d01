import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { describe, expect, it, onTestFinished } from "vitest";
import { openDatabase } from "./client.ts";
import { currencies, settings } from "./schema.ts";
import { seedDatabase } from "./seed.ts";

const run = promisify(execFile);
const script = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../../scripts/db-backup.ts");

describe("embedded database backup and restore (npm run db:backup / db:restore)", () => {
  it("restores a backup into a new folder with every row, and never over an existing database", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "bureau-backup-"));
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    const original = openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });
    await original.migrate();
    await seedDatabase(original.db);
    await original.db.insert(settings).values({ key: "backup-marker", value: { written: "before the backup" } });
    await original.close();

    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" };
    const file = path.join(dataDir, "backups/copy.tar.gz");
    const backup = await run(process.execPath, [script, "backup", file], { env });
    expect(backup.stdout).toContain("Backed up");
    expect(existsSync(file)).toBe(true);

    // Restoring over the live database is refused.
    const refused = await run(process.execPath, [script, "restore", file], { env }).catch((error) => error);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("is not empty");

    const restoredDir = path.join(dataDir, "restored");
    await run(process.execPath, [script, "restore", file, restoredDir], { env });
    const restored = openDatabase({ kind: "pglite", dataDir: restoredDir });
    expect(await restored.migrated()).toBe(true);
    const [marker] = await restored.db.select().from(settings).where(eq(settings.key, "backup-marker"));
    expect(marker?.value).toEqual({ written: "before the backup" });
    expect((await restored.db.select().from(currencies)).length).toBeGreaterThan(50);
    await restored.close();
  }, 120_000);

  it("points a PostgreSQL server's operator to pg_dump", async () => {
    const result = await run(process.execPath, [script, "backup"], {
      env: { ...process.env, DATABASE_URL: "postgres://postgres@127.0.0.1:5432/test" },
    }).catch((error) => error);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("pg_dump");
  });
});
