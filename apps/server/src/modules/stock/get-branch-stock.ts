import { sql } from "drizzle-orm";
import type { BranchStock } from "@bureau/domain/contracts/branch-page";
import type { Db } from "../../db/client.ts";
import { queryRows } from "../../lib/postgres.ts";

/**
 * For a branch's public page: the currencies it counts notes of and has some free today (not reserved by
 * open orders), in the rates list's order. Only codes in `onSale` are named, with the label the rates list
 * shows. Says nothing of the counts themselves.
 */
export async function getBranchStock({
  db,
  branchKey,
  onSale,
}: {
  db: Db;
  branchKey: string;
  onSale: ReadonlyMap<string, string>;
}): Promise<BranchStock> {
  const rows = await queryRows<{ currency_code: string; free_notes: string | number }>(
    db,
    sql`select sc.currency_code, coalesce(sum(sn.count - sn.reserved), 0) as free_notes
        from stock_currencies sc
        left join stock_notes sn on sn.branch_key = sc.branch_key and sn.currency_code = sc.currency_code
        where sc.branch_key = ${branchKey} and sc.tracked
        group by sc.currency_code`,
  );
  const free = new Set(rows.filter((row) => Number(row.free_notes) > 0).map((row) => row.currency_code));
  return {
    tracked: rows.length > 0,
    inStock: [...onSale].filter(([code]) => free.has(code)).map(([code, label]) => ({ code, label })),
  };
}
