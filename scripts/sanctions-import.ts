// `npm run sanctions:import -- FILE.csv`: imports the FCDO's UK Sanctions List (UK_Sanctions_List.csv, its
// published CSV format) as the list order screenings use from now on; the running server's re-screening
// job then screens the open orders against it (with the embedded database, at the next start). One
// transaction: a bad file changes nothing.
import { SanctionsListFormatError } from "@bureau/domain/uk-sanctions-list";
import { importSanctionsList } from "../apps/server/src/modules/sanctions/index.ts";
import { runFileImport } from "./file-import.ts";

await runFileImport({
  usage: "usage: npm run sanctions:import -- FILE.csv   (the UK Sanctions List, UK_Sanctions_List.csv)",
  isFormatError: (error) => error instanceof SanctionsListFormatError,
  importText: async (db, text) => {
    const result = await importSanctionsList({ db, text, actor: null });
    return [
      `Imported the UK Sanctions List of ${result.version}: ${result.entryCount} designations, ${result.nameCount} names. ` +
        "Open orders are screened against it by the server's re-screening job.",
    ];
  },
});
