import { sql } from "drizzle-orm";
import type { Availability, AvailabilityList } from "@bureau/domain/contracts/stock";
import { noteDenominations } from "@bureau/domain/denominations";
import { notesForBasket } from "@bureau/domain/note-split";
import type { Db } from "../../db/client.ts";
import { queryRows } from "../../lib/postgres.ts";
import { freeNotesOf, toFreeNotes } from "./reserve-notes.ts";

/**
 * Whether each branch can supply a Click & Collect basket today, by the same rule placement reserves
 * with: "available" when its free notes pay every tracked currency, "short" when not, null where it
 * tracks none of the basket's currencies. Tells nothing of the counts themselves.
 */
export async function getAvailability({
  db,
  need,
}: {
  db: Db;
  need: { currency: string; foreignMinor: number }[];
}): Promise<AvailabilityList> {
  const codes = sql.join(
    need.map((line) => sql`${line.currency}`),
    sql`, `,
  );
  const rows = await queryRows<{ key: string; currency_code: string; free_notes: unknown }>(
    db,
    sql`select b.key, c.code as currency_code, ${freeNotesOf(sql`b.key`, sql`c.code`)} as free_notes
        from branches b cross join unnest(array[${codes}]::varchar[]) as c(code)
        order by b.display_order, b.key`,
  );
  const byBranch = new Map<string, Map<string, unknown>>();
  for (const row of rows) {
    const seen = byBranch.get(row.key) ?? new Map<string, unknown>();
    seen.set(row.currency_code, row.free_notes);
    byBranch.set(row.key, seen);
  }
  return {
    branches: [...byBranch].map(([key, free]) => {
      const result = notesForBasket(
        need.map((line) => ({ ...line, free: toFreeNotes(free.get(line.currency)) })),
        noteDenominations,
      );
      const availability: Availability | null = !result.tracked ? null : result.short ? "short" : "available";
      return { key, availability };
    }),
  };
}
