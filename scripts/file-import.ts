// The shared body of the `npm run <data>:import -- FILE` commands: read the file, open the database
// (DATABASE_URL's, or the embedded one in DATA_DIR: stop the server first, the embedded database has one
// user at a time), migrate and seed, run the import and print its summary. A file that cannot be read
// exits 1 before the database is opened; a file in the wrong format names the problem and says nothing
// was imported (each import runs in one transaction, so a bad file changes nothing).
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { type Db, openDatabase } from "../apps/server/src/db/client.ts";
import { seedDatabase } from "../apps/server/src/db/seed.ts";

export async function runFileImport({
  usage,
  isFormatError,
  importText,
}: {
  /** Printed, with exit code 2, when no file is named. */
  usage: string;
  /** The import's own error for a file in the wrong format (its message is shown as it is). */
  isFormatError: (error: unknown) => boolean;
  /** Imports the file's text and returns the lines that report what was imported. */
  importText: (db: Db, text: string) => Promise<string[]>;
}): Promise<never> {
  const file = process.argv[2];
  if (!file) {
    console.error(usage);
    process.exit(2);
  }
  let text: string;
  try {
    text = readFileSync(path.resolve(file), "utf8");
  } catch (error) {
    console.error(`Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    process.exit(1);
  }

  const dataDir = path.resolve(process.env.DATA_DIR ?? "./data");
  // PGlite does not create the folders above its own.
  if (!process.env.DATABASE_URL) mkdirSync(dataDir, { recursive: true });
  const database = process.env.DATABASE_URL
    ? openDatabase({ kind: "postgres", url: process.env.DATABASE_URL, poolSize: 2 })
    : openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });
  let code = 0;
  try {
    await database.migrate();
    await seedDatabase(database.db);
    for (const line of await importText(database.db, text)) console.log(line);
  } catch (error) {
    if (isFormatError(error)) {
      console.error(`${file}: ${(error as Error).message} Nothing was imported.`);
    } else {
      console.error(`Import failed, nothing was imported: ${(error as Error).message}`);
    }
    code = 1;
  } finally {
    await database.close();
  }
  process.exit(code);
}
