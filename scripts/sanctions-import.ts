// `npm run sanctions:import -- FILE.csv`: imports the FCDO's UK Sanctions List (UK_Sanctions_List.csv, its
// published CSV format) as the list order screenings use from now on; the running server's re-screening
// job then screens the open orders against it. One transaction: a bad file changes nothing. The database
// is DATABASE_URL's, or the embedded one in DATA_DIR (stop the server first: the embedded database has
// one user at a time; its re-screening job runs at the next start).
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { SanctionsListFormatError } from "@bureau/domain/uk-sanctions-list";
import { openDatabase } from "../apps/server/src/db/client.ts";
import { seedDatabase } from "../apps/server/src/db/seed.ts";
import { importSanctionsList } from "../apps/server/src/modules/sanctions/import-sanctions-list.ts";

const file = process.argv[2];
if (!file) {
  console.error("usage: npm run sanctions:import -- FILE.csv   (the UK Sanctions List, UK_Sanctions_List.csv)");
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
  const result = await importSanctionsList({ db: database.db, text, actor: null });
  console.log(
    `Imported the UK Sanctions List of ${result.version}: ${result.entryCount} designations, ${result.nameCount} names. ` +
      "Open orders are screened against it by the server's re-screening job.",
  );
} catch (error) {
  if (error instanceof SanctionsListFormatError) {
    console.error(`${file}: ${error.message} Nothing was imported.`);
  } else {
    console.error(`Import failed, nothing was imported: ${(error as Error).message}`);
  }
  code = 1;
} finally {
  await database.close();
}
process.exit(code);
