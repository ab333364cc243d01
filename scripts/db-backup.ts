// `npm run db:backup [file]` and `npm run db:restore <file> [folder]`: the embedded database (PGlite in
// DATA_DIR/pglite) as one file. Stop the server first. With DATABASE_URL, use pg_dump / pg_restore.
import path from "node:path";
import { backupEmbeddedDatabase, restoreEmbeddedDatabase } from "../apps/server/src/db/backup.ts";

const [command, ...args] = process.argv.slice(2);
if (process.env.DATABASE_URL) {
  console.error("DATABASE_URL is set: back up a PostgreSQL server with pg_dump (see docs/deploy.md).");
  process.exit(2);
}
const dataDir = path.resolve(process.env.DATA_DIR ?? "./data", "pglite");
try {
  if (command === "backup") {
    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    const file = path.resolve(args[0] ?? `backups/harbourfx-${stamp}.tar.gz`);
    const { bytes } = await backupEmbeddedDatabase({ dataDir, file });
    console.log(`Backed up ${dataDir} to ${file} (${Math.round(bytes / 1024)} KB)`);
  } else if (command === "restore" && args[0]) {
    const target = path.resolve(args[1] ?? dataDir);
    await restoreEmbeddedDatabase({ file: path.resolve(args[0]), dataDir: target });
    console.log(`Restored ${args[0]} into ${target}`);
  } else {
    console.error("usage: npm run db:backup [file] | npm run db:restore <file> [empty folder]");
    process.exit(2);
  }
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
