import { sql } from "drizzle-orm";
import type { Availability, AvailabilityList } from "@bureau/domain/contracts/stock";
import { quoteCollect } from "@bureau/domain/pricing";
import { type CollectLine, collectBasketAtBranch, defaultSmallestNoteMinor } from "@bureau/domain/whole-notes";
import type { Db } from "../../db/client.ts";
import { queryRows } from "../../lib/postgres.ts";
import { freeNotesOf, toFreeNotes } from "./reserve-notes.ts";

/**
 * Whether each branch can supply a Click & Collect basket today, by the rule placement reserves with
 * (collectBasketAtBranch): "available" when its free notes hand over every line without giving back more
 * sterling than allowed, "short" (with the largest amount it can supply) when not, null where it tracks
 * none of the basket's currencies. Tells nothing of the counts themselves.
 */
export async function getAvailability({
  db,
  need,
  maxSterlingBackPercent,
}: {
  db: Db;
  need: { currency: string; gbpMinor: number; rate: string }[];
  maxSterlingBackPercent: number;
}): Promise<AvailabilityList> {
  const codes = sql.join(
    need.map((line) => sql`${line.currency}`),
    sql`, `,
  );
  const rows = await queryRows<{
    key: string;
    currency_code: string;
    smallest_note_minor: string | number | null;
    free_notes: unknown;
  }>(
    db,
    sql`select b.key, c.code as currency_code, cur.smallest_note_minor,
          ${freeNotesOf(sql`b.key`, sql`c.code`)} as free_notes
        from branches b cross join unnest(array[${codes}]::varchar[]) as c(code)
        left join currencies cur on cur.code = c.code
        order by b.display_order, b.key`,
  );
  const byBranch = new Map<string, Map<string, { free: unknown; smallest: number }>>();
  for (const row of rows) {
    const seen = byBranch.get(row.key) ?? new Map<string, { free: unknown; smallest: number }>();
    const smallest =
      row.smallest_note_minor === null ? defaultSmallestNoteMinor(row.currency_code) : Number(row.smallest_note_minor);
    seen.set(row.currency_code, { free: row.free_notes, smallest });
    byBranch.set(row.key, seen);
  }
  return {
    branches: [...byBranch].map(([key, byCurrency]) => {
      const lines: CollectLine[] = need.flatMap((line) => {
        const known = byCurrency.get(line.currency);
        if (!known || /^0+\.0+$/.test(line.rate)) return [];
        const exact = quoteCollect({ rate: line.rate, currency: line.currency, gbpMinor: line.gbpMinor });
        if (!exact.ok) return [];
        return [
          {
            currency: line.currency,
            gbpMinor: exact.gbpMinor,
            exactForeignMinor: exact.foreignMinor,
            rate: exact.rate,
            smallestNoteMinor: known.smallest,
            free: toFreeNotes(known.free),
          },
        ];
      });
      const result = collectBasketAtBranch(lines, maxSterlingBackPercent);
      const availability: Availability | null = !result.tracked ? null : result.short ? "short" : "available";
      const largest = result.short
        ? { currency: result.short.currency, foreignMinor: result.short.largestMinor }
        : null;
      // Each line as this branch hands it over (its notes may make less than the quote's), where it can.
      const handed =
        availability === "available" && lines.length === need.length
          ? result.lines.map((split, i) => ({
              currency: lines[i]!.currency,
              foreignMinor: split.notesMinor,
              sterlingBackMinor: split.sterlingBackMinor,
            }))
          : null;
      return { key, availability, largest, lines: handed };
    }),
  };
}
