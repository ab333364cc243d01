import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sanctionsHoldReason } from "@bureau/domain/sanctions-screening";
import { queryRows } from "../../lib/postgres.ts";
import { placeOnHold } from "../compliance/index.ts";
import { currentSanctionsListId, customerName, type Screening, screenName } from "./screen-name.ts";

const BATCH = 1000;

export type Rescreening = { listId: string | null; screened: number; matches: number; held: number };

/**
 * Screens every open order (Pending or Accepted) not yet screened against the newest list import: run by
 * the job an import wakes (jobs/sanctions-rescreen.ts). A match puts the order on hold. Orders are taken in batches of a thousand, each
 * batch's screenings stored by one statement; the unique (order, list) index makes a second run, or a
 * placement racing the job, store nothing twice.
 */
export async function rescreenOpenOrders({
  db,
  threshold,
  now = new Date(),
}: {
  db: Db;
  threshold: number;
  now?: Date;
}): Promise<Rescreening> {
  let screened = 0;
  let matches = 0;
  let held = 0;
  let listId: string | null = null;
  for (;;) {
    const rows = await queryRows<{ id: string; first_name: string; last_name: string; list_id: string | null }>(
      db,
      sql`with list as (select ${currentSanctionsListId} as id)
        select o.id, o.first_name, o.last_name, (select id from list) as list_id
        from orders o
        where o.status in ('pending', 'accepted') and (select id from list) is not null
          and not exists (select 1 from sanctions_screenings s where s.order_id = o.id and s.list_id = (select id from list))
        order by o.created_at, o.id
        limit ${BATCH}`,
    );
    const first = rows[0];
    if (!first?.list_id) break;
    listId = first.list_id;
    const screenings: { orderId: string; screening: Screening }[] = [];
    for (const row of rows) {
      const screening = await screenName({
        db,
        listId: first.list_id,
        name: customerName(row.first_name, row.last_name),
        threshold,
      });
      screenings.push({ orderId: row.id, screening });
    }
    const values = sql.join(
      screenings.map(
        ({ orderId, screening: s }) =>
          sql`(${orderId}::uuid, ${s.listId}::uuid, ${s.screenedName}, ${s.score.toFixed(3)}::numeric, ${s.result},
            ${s.best?.entryId ?? null}, ${s.best?.name ?? null})`,
      ),
      sql`, `,
    );
    const stored = await queryRows<{ order_id: string }>(
      db,
      sql`
      insert into sanctions_screenings (order_id, list_id, screened_name, score, result, matched_entry_id,
        matched_name, occasion, screened_at)
      select v.order_id, v.list_id, v.screened_name, v.score, v.result, v.matched_entry_id, v.matched_name, 'import',
        ${now.toISOString()}::timestamptz
      from (values ${values}) as v(order_id, list_id, screened_name, score, result, matched_entry_id, matched_name)
      on conflict (order_id, list_id) do nothing
      returning order_id`,
    );
    screened += screenings.length;
    matches += screenings.filter(({ screening }) => screening.result === "match").length;
    // A match holds the order (issue 15 item 4), once: only where this run stored the screening (a placement
    // or another run that stored it first has held it), and each order apart, so one order's lock waits
    // for nobody else's.
    const storedHere = new Set(stored.map((row) => row.order_id));
    for (const { orderId, screening } of screenings) {
      if (screening.result !== "match" || !screening.best || !storedHere.has(orderId)) continue;
      const reason = sanctionsHoldReason({ ...screening.best, score: screening.score });
      if (await db.transaction((tx) => placeOnHold(tx, { orderId, reason, now, once: true }))) held += 1;
    }
    if (rows.length < BATCH) break;
  }
  return { listId, screened, matches, held };
}
