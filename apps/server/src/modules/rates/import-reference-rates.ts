import { sql } from "drizzle-orm";
import { parseEcbReferenceRates } from "@bureau/domain/ecb-reference-rates";
import type { Db } from "../../db/client.ts";
import { currencies, rateHistory } from "../../db/schema.ts";

/** What rate_history's `source` says of an imported ECB reference rate (its unique index is on these). */
export const REFERENCE_SOURCE = "ecb";
const ROWS_PER_STATEMENT = 2000;

export type ReferenceImport = {
  from: string;
  to: string;
  days: number;
  /** Rates stored now; those already there from an earlier import are counted apart. */
  added: number;
  alreadyThere: number;
  currencies: string[];
  /** Currencies of the file that we do not carry (not in our list at all): not stored. */
  notCarried: string[];
};

/**
 * Imports the ECB's euro reference rates (eurofxref-hist.csv format) as past market rates per £1 of
 * the currencies we carry, for the rate history charts (docs/decisions/013). The whole file is read
 * before anything is written, and written in one transaction: a bad file changes nothing. Importing the
 * same days again adds nothing (a unique index on currency and time of the reference rates).
 */
export async function importReferenceRates({ db, text }: { db: Db; text: string }): Promise<ReferenceImport> {
  const parsed = parseEcbReferenceRates(text);
  const carried = new Set((await db.select({ code: currencies.code }).from(currencies)).map((row) => row.code));
  const rows = parsed.days.flatMap(({ day, perGbp }) =>
    [...perGbp]
      .filter(([code]) => carried.has(code))
      // The ECB sets its reference rates at 14:15 CET; one fixed time keeps a day's rate unique.
      .map(([code, rate]) => ({
        currencyCode: code,
        rate,
        source: REFERENCE_SOURCE,
        recordedAt: new Date(`${day}T13:15:00Z`),
      })),
  );
  let added = 0;
  await db.transaction(async (tx) => {
    for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
      const inserted = await tx
        .insert(rateHistory)
        .values(rows.slice(start, start + ROWS_PER_STATEMENT))
        .onConflictDoNothing({
          target: [rateHistory.currencyCode, rateHistory.recordedAt],
          where: sql`${rateHistory.source} = ${sql.raw(`'${REFERENCE_SOURCE}'`)}`,
        })
        .returning({ id: rateHistory.id });
      added += inserted.length;
    }
  });
  return {
    from: parsed.days[0]?.day ?? "",
    to: parsed.days.at(-1)?.day ?? "",
    days: parsed.days.length,
    added,
    alreadyThere: rows.length - added,
    currencies: parsed.currencies.filter((code) => carried.has(code)),
    notCarried: parsed.currencies.filter((code) => !carried.has(code)),
  };
}
