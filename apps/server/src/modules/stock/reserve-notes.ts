import { type SQL, sql } from "drizzle-orm";
import type { NoteCount } from "@bureau/domain/note-split";
import { findPostgresError } from "../../lib/postgres.ts";

/**
 * For a statement reading a currency column: the branch's free notes of that currency as
 * `[[denomination, free], …]`, or null where the branch does not track it (so an installation without
 * stock reads one empty index probe per line and nothing else).
 */
export function freeNotesOf(branchKey: string | SQL, currencyColumn: SQL): SQL {
  return sql`(select case when sc.tracked then coalesce(
        (select jsonb_agg(jsonb_build_array(sn.denomination_minor, sn.count - sn.reserved))
          from stock_notes sn where sn.branch_key = sc.branch_key and sn.currency_code = sc.currency_code),
        '[]'::jsonb) end
      from stock_currencies sc where sc.branch_key = ${branchKey} and sc.currency_code = ${currencyColumn})`;
}

/** The free notes as `freeNotesOf` reads them (null: not tracked). */
export function toFreeNotes(value: unknown): NoteCount[] | null {
  if (!Array.isArray(value)) return null;
  return value.map(([valueMinor, count]: [number | string, number | string]) => ({
    valueMinor: Number(valueMinor),
    count: Number(count),
  }));
}

/** Whether a statement failed because notes it reserved were no longer free (another order won them). */
export function isNotesTaken(error: unknown): boolean {
  const found = findPostgresError(error, ["23514"]);
  if (!found) return false;
  const text = `${String(found.constraint ?? "")} ${String(found.message ?? "")}`;
  return text.includes("stock_notes_free");
}
