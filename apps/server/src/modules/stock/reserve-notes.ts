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

/**
 * The clauses (each followed by a comma) to put in the WITH of the statement that inserts an order
 * (`orderClause` names the clause returning its id): they reserve the notes at the branch and record them
 * against the order. Reserving notes that another order took meanwhile breaks the stock_notes_free check,
 * so the whole statement fails and nothing of the order stays: see `isNotesTaken`.
 */
export function reserveNotesClauses(
  orderClause: string,
  branchKey: string,
  reserve: readonly { currency: string; notes: readonly NoteCount[] }[],
): SQL {
  if (reserve.length === 0) return sql``;
  const rows = reserve
    .flatMap(({ currency, notes }) => notes.map((note) => ({ currency, ...note })))
    .sort((a, b) => (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : b.valueMinor - a.valueMinor));
  const values = sql.join(
    rows.map((row) => sql`(${row.currency}::varchar, ${row.valueMinor}::bigint, ${row.count}::integer)`),
    sql`, `,
  );
  // The rows are locked in that order first: the update alone would lock them in whatever order its plan
  // meets them (the heap order changes with every update), and concurrent placements deadlocked.
  return sql`locked_notes as (
          select s.currency_code, s.denomination_minor
          from stock_notes s
          join (values ${values}) as v(currency_code, denomination_minor, n)
            on s.currency_code = v.currency_code and s.denomination_minor = v.denomination_minor
          where s.branch_key = ${branchKey}
          order by s.currency_code, s.denomination_minor desc
          for update of s),
        reserved_notes as (
          update stock_notes s set reserved = s.reserved + v.n
          from (values ${values}) as v(currency_code, denomination_minor, n)
          join locked_notes l on l.currency_code = v.currency_code and l.denomination_minor = v.denomination_minor
          where s.branch_key = ${branchKey} and s.currency_code = v.currency_code
            and s.denomination_minor = v.denomination_minor
          returning 1),
        order_notes_rows as (
          insert into order_notes (order_id, currency_code, denomination_minor, count)
          select (select id from ${sql.identifier(orderClause)}), v.currency_code, v.denomination_minor, v.n
          from (values ${values}) as v(currency_code, denomination_minor, n)),`;
}

/** Whether a statement failed because notes it reserved were no longer free (another order won them). */
export function isNotesTaken(error: unknown): boolean {
  const found = findPostgresError(error, ["23514"]);
  if (!found) return false;
  const text = `${String(found.constraint ?? "")} ${String(found.message ?? "")}`;
  return text.includes("stock_notes_free");
}
