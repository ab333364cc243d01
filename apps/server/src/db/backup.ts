import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";

/**
 * Backups of the embedded database (PGlite): the whole data directory as one gzipped tar file, made
 * by PGlite itself from a consistent state. The server must be stopped (PGlite is one process's
 * database). A PostgreSQL server is backed up with its own tools (pg_dump; docs/deploy.md).
 */
export async function backupEmbeddedDatabase({ dataDir, file }: { dataDir: string; file: string }) {
  if (!existsSync(path.join(dataDir, "PG_VERSION"))) {
    throw new Error(`${dataDir} holds no embedded database`);
  }
  const client = new PGlite(dataDir);
  // Seen with PGlite 0.5: asking for the archive before the database has opened never answers, and in a
  // command-line process Node can exit while PGlite is still writing it; so wait until it is open, and
  // keep the process alive with a timer meanwhile.
  const keepAlive = setInterval(() => {}, 1_000);
  try {
    await client.waitReady;
    await client.query("checkpoint");
    const dump = await client.dumpDataDir("gzip");
    const bytes = Buffer.from(await dump.arrayBuffer());
    await mkdir(path.dirname(path.resolve(file)), { recursive: true });
    writeFileSync(file, bytes, { mode: 0o600 });
    return { bytes: bytes.length };
  } finally {
    clearInterval(keepAlive);
    await client.close();
  }
}

/** Restores a backup into an empty or new folder (never over an existing database). */
export async function restoreEmbeddedDatabase({ file, dataDir }: { file: string; dataDir: string }) {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new Error(`${dataDir} is not empty: restore into a new folder, then point DATA_DIR's pglite folder at it`);
  }
  await mkdir(dataDir, { recursive: true });
  const keepAlive = setInterval(() => {}, 1_000);
  const client = new PGlite(dataDir, { loadDataDir: new Blob([readFileSync(file)]) });
  try {
    await client.query("select 1");
  } finally {
    clearInterval(keepAlive);
    await client.close();
  }
}
