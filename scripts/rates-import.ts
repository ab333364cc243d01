// `npm run rates:import -- FILE.csv`: past market rates from the ECB's euro reference rates file
// (eurofxref-hist.csv, unzipped), converted to rates per £1, into the rate history of the currencies we
// carry. Idempotent; a bad file changes nothing. The database is DATABASE_URL's, or the embedded one in
// DATA_DIR (stop the server first: the embedded database has one user at a time).
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { ReferenceRatesFormatError } from "@bureau/domain/ecb-reference-rates";
import { openDatabase } from "../apps/server/src/db/client.ts";
import { seedDatabase } from "../apps/server/src/db/seed.ts";
import { importReferenceRates } from "../apps/server/src/modules/rates/import-reference-rates.ts";

const file = process.argv[2];
if (!file) {
  console.error("usage: npm run rates:import -- FILE.csv   (the ECB's eurofxref-hist.csv, unzipped)");
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
  const result = await importReferenceRates({ db: database.db, text });
  console.log(
    `Imported ECB reference rates of ${result.days} days (${result.from} to ${result.to}) for ${result.currencies.length} currencies: ` +
      `${result.added} rates added, ${result.alreadyThere} already there.`,
  );
  if (result.notCarried.length > 0) console.log(`Not carried by us, left out: ${result.notCarried.join(", ")}.`);
} catch (error) {
  if (error instanceof ReferenceRatesFormatError) {
    console.error(`${file}: ${error.message} Nothing was imported.`);
  } else {
    console.error(`Import failed, nothing was imported: ${(error as Error).message}`);
  }
  code = 1;
} finally {
  await database.close();
}
process.exit(code);
