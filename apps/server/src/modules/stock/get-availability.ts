import { sql } from "drizzle-orm";
import type { Availability, AvailabilityList } from "@bureau/domain/contracts/stock";
import type { NoteCount } from "@bureau/domain/note-split";
import { quoteCollect } from "@bureau/domain/pricing";
import { type CollectLine, collectBasketAtBranch, defaultSmallestNoteMinor } from "@bureau/domain/whole-notes";
import type { Db } from "../../db/client.ts";
import { queryRows } from "../../lib/postgres.ts";
import { freeNotesOf, toFreeNotes } from "./reserve-notes.ts";

/**
 * Whether each branch can supply a Click & Collect basket today, by the rule placement reserves with
 * (collectBasketAtBranch): "available" when its free notes hand over every line without giving back more
 * sterling than allowed, "short" (with the largest amount it can supply) when not, null where it tracks
 * none of the basket's currencies. Tells nothing of the counts themselves. `heldBy`: an order being amended,
 * whose reserved notes count as free at its own branch (its confirmation releases them before it reserves).
 */
export async function getAvailability({
  db,
  need,
  maxSterlingBackPercent,
  heldBy,
}: {
  db: Db;
  need: { currency: string; gbpMinor: number; rate: string }[];
  maxSterlingBackPercent: number;
  heldBy?: { orderId: string; branchKey: string };
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
    held_notes: unknown;
  }>(
    db,
    sql`select b.key, c.code as currency_code, cur.smallest_note_minor,
          ${freeNotesOf(sql`b.key`, sql`c.code`)} as free_notes,
          ${
            heldBy
              ? sql`case when b.key = ${heldBy.branchKey} then (select jsonb_agg(jsonb_build_array(n.denomination_minor, n.count))
                  from order_notes n where n.order_id = ${heldBy.orderId}::uuid and n.currency_code = c.code) end`
              : sql`null`
          } as held_notes
        from branches b cross join unnest(array[${codes}]::varchar[]) as c(code)
        left join currencies cur on cur.code = c.code
        order by b.display_order, b.key`,
  );
  const byBranch = new Map<string, Map<string, { free: NoteCount[] | null; smallest: number }>>();
  for (const row of rows) {
    const seen = byBranch.get(row.key) ?? new Map<string, { free: NoteCount[] | null; smallest: number }>();
    const smallest =
      row.smallest_note_minor === null ? defaultSmallestNoteMinor(row.currency_code) : Number(row.smallest_note_minor);
    seen.set(row.currency_code, {
      free: withHeldNotes(toFreeNotes(row.free_notes), toFreeNotes(row.held_notes)),
      smallest,
    });
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
            free: known.free,
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

/** A tracked currency's free notes with an amended order's own reserved notes added back (null: untracked). */
function withHeldNotes(free: NoteCount[] | null, held: NoteCount[] | null): NoteCount[] | null {
  if (!free || !held) return free;
  const counts = new Map(free.map((note) => [note.valueMinor, note.count]));
  for (const note of held) counts.set(note.valueMinor, (counts.get(note.valueMinor) ?? 0) + note.count);
  return [...counts].map(([valueMinor, count]) => ({ valueMinor, count }));
}
