// `npm run rates:import -- FILE.csv`: past market rates from the ECB's euro reference rates file
// (eurofxref-hist.csv, unzipped), converted to rates per £1, into the rate history of the currencies we
// carry. Idempotent; a bad file changes nothing.
import { ReferenceRatesFormatError } from "@bureau/domain/ecb-reference-rates";
import { importReferenceRates } from "../apps/server/src/modules/rates/index.ts";
import { runFileImport } from "./file-import.ts";

await runFileImport({
  usage: "usage: npm run rates:import -- FILE.csv   (the ECB's eurofxref-hist.csv, unzipped)",
  isFormatError: (error) => error instanceof ReferenceRatesFormatError,
  importText: async (db, text) => {
    const result = await importReferenceRates({ db, text });
    return [
      `Imported ECB reference rates of ${result.days} days (${result.from} to ${result.to}) for ${result.currencies.length} currencies: ` +
        `${result.added} rates added, ${result.alreadyThere} already there.`,
      ...(result.notCarried.length > 0 ? [`Not carried by us, left out: ${result.notCarried.join(", ")}.`] : []),
    ];
  },
});
