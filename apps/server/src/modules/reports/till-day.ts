import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { DayReport } from "@bureau/domain/contracts/reports";
import { branchDay, type TillMovementSum, type TillNoteFlow, tillDay } from "@bureau/domain/till-day-report";
import type { AmountsByCurrency, TillMovementKind, TillPaymentMethod } from "@bureau/domain/till";
import type { Db } from "../../db/client.ts";
import { orderReversals, orders, tillCounts, tillMovements, tills } from "../../db/schema.ts";
import { onDisplayDays } from "../../lib/display-day-range.ts";
import { queryRows } from "../../lib/postgres.ts";
import type { DayOfBranch } from "./day-of-branch.ts";

/**
 * The tills of a branch's day (issue 33 item 5): every till open at the branch at some time on the day
 * (opened that day, or earlier and not closed before the day began: a till left open overnight is still
 * the one its cashier takes money into, and the day must not lose it), with its
 * float, its movements in and out by method, the notes of the orders and trades it handed over or took
 * in by denomination (a reversal's with the opposite sign), its expected and counted close, variance
 * and sign-off; and the branch's sum of them. Three grouped statements whatever the number of
 * movements; the arithmetic is packages/domain/src/till-day-report.ts.
 */
export async function tillsOfDay(db: Db, options: DayOfBranch): Promise<Pick<DayReport, "tills" | "tillTotals">> {
  const rows = await db
    .select()
    .from(tills)
    .where(
      and(
        eq(tills.branchKey, options.branchKey),
        ...onDisplayDays(tills.openedAt, { to: options.day }, options.timeZone),
        or(isNull(tills.closedAt), ...onDisplayDays(tills.closedAt, { from: options.day }, options.timeZone)),
      ),
    )
    .orderBy(asc(tills.openedAt), asc(tills.id));
  if (rows.length === 0) return { tills: [], tillTotals: [] };
  const tillIds = rows.map((till) => till.id);
  const [counts, movements, notes] = await Promise.all([
    countsOf(db, tillIds),
    movementSumsOf(db, tillIds),
    noteFlowsOf(db, tillIds),
  ]);
  const days = rows.map((till) =>
    tillDay({
      float: counts.get(`${till.id}:open`) ?? {},
      // A till is counted once its close count is kept: waiting for a sign-off, or closed.
      closeCount: till.countedAt ? (counts.get(`${till.id}:close`) ?? {}) : null,
      movements: movements.get(till.id)?.sums ?? [],
      notes: notes.get(till.id) ?? [],
    }),
  );
  return {
    tills: rows.map((till, index) => ({
      id: till.id,
      cashierEmail: till.cashierEmail,
      status: till.status,
      openedAt: till.openedAt.toISOString(),
      countedAt: till.countedAt?.toISOString() ?? null,
      closedAt: till.closedAt?.toISOString() ?? null,
      varianceGbpMinor: till.varianceGbpMinor ?? null,
      signOff:
        till.signedOffAt && till.signedOffBy && till.signOffReason
          ? { by: till.signedOffBy, at: till.signedOffAt.toISOString(), reason: till.signOffReason }
          : null,
      movementCount: movements.get(till.id)?.count ?? 0,
      currencies: days[index] ?? [],
    })),
    tillTotals: branchDay(days),
  };
}

/** Each till's counts per stage and currency, keyed "<till>:<stage>". */
async function countsOf(db: Db, tillIds: string[]): Promise<Map<string, AmountsByCurrency>> {
  const rows = await db
    .select({
      tillId: tillCounts.tillId,
      stage: tillCounts.stage,
      currency: tillCounts.currencyCode,
      amountMinor: sql<string>`sum(${tillCounts.denominationMinor} * ${tillCounts.count})::text`,
    })
    .from(tillCounts)
    .where(inArray(tillCounts.tillId, tillIds))
    .groupBy(tillCounts.tillId, tillCounts.stage, tillCounts.currencyCode);
  const counts = new Map<string, AmountsByCurrency>();
  for (const row of rows) {
    const key = `${row.tillId}:${row.stage}`;
    const amounts = counts.get(key) ?? {};
    amounts[row.currency] = Number(row.amountMinor);
    counts.set(key, amounts);
  }
  return counts;
}

/** Each till's movements summed per currency, method, kind and sign, and how many there were. */
async function movementSumsOf(db: Db, tillIds: string[]) {
  const rows = await db
    .select({
      tillId: tillMovements.tillId,
      currency: tillMovements.currencyCode,
      method: tillMovements.method,
      kind: tillMovements.kind,
      amountMinor: sql<string>`sum(${tillMovements.amountMinor})::text`,
      count: sql<number>`count(*)::int`,
    })
    .from(tillMovements)
    .where(inArray(tillMovements.tillId, tillIds))
    .groupBy(
      tillMovements.tillId,
      tillMovements.currencyCode,
      tillMovements.method,
      tillMovements.kind,
      sql`sign(${tillMovements.amountMinor})`,
    );
  const byTill = new Map<string, { sums: TillMovementSum[]; count: number }>();
  for (const row of rows) {
    const entry = byTill.get(row.tillId) ?? { sums: [], count: 0 };
    entry.sums.push({
      currency: row.currency,
      method: row.method as TillPaymentMethod,
      kind: row.kind as TillMovementKind,
      amountMinor: Number(row.amountMinor),
    });
    entry.count += Number(row.count);
    byTill.set(row.tillId, entry);
  }
  return byTill;
}

/**
 * A row of a till's note flows: the notes a Click & Collect (or a counter sale) handed over, by currency and
 * denomination, or the notes a Click & Sell (or a counter purchase) took in, as its handover recorded them.
 */
type NoteFlowRow = { till_id: string; sign: number } & (
  | { way: "Order"; currency: string; value_minor: string | number; count: string | number; received: null }
  | {
      way: "Sell";
      received: { currency: string; notes: { valueMinor: number; count: number }[] }[] | null;
    }
);

/**
 * The notes of the orders and trades each till moved, by denomination: what a Click & Collect (or a
 * counter sale) handed over is its order_notes; what a Click & Sell (or a counter purchase) took in is
 * what its handover recorded as received. An order whose reversal went through a till counts there
 * with the opposite sign. One statement, which finds the tills' orders once for both ways. The received
 * notes are read as their handovers hold them and added up here: expanding the JSON in the statement makes
 * PostgreSQL guess a hundred rows an element, and a plan that large is compiled (JIT) at a cost of most of
 * a second.
 */
async function noteFlowsOf(db: Db, tillIds: string[]): Promise<Map<string, TillNoteFlow[]>> {
  const ids = sql.join(
    tillIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows = await queryRows<NoteFlowRow>(
    db,
    sql`with moved as (
        select distinct m.till_id, m.order_id, case when m.kind = 'reversal' then -1 else 1 end as sign
        from till_movements m
        where m.till_id in (${ids}) and m.order_id is not null and m.kind in ('order', 'trade', 'reversal')
      )
      select moved.till_id, moved.sign, 'Order' as way, n.currency_code as currency,
        n.denomination_minor as value_minor, sum(n.count)::int as count, null::jsonb as received
      from moved join orders o on o.id = moved.order_id and o.way = 'Order'
        join order_notes n on n.order_id = moved.order_id
      group by moved.till_id, moved.sign, n.currency_code, n.denomination_minor
      union all
      select moved.till_id, moved.sign, 'Sell', null, null, null, h.received
      from moved join orders o on o.id = moved.order_id and o.way = 'Sell'
        join order_handovers h on h.order_id = moved.order_id`,
  );
  const byTill = new Map<string, TillNoteFlow[]>();
  const add = (tillId: string, flow: TillNoteFlow) => {
    const flows = byTill.get(tillId) ?? [];
    flows.push(flow);
    byTill.set(tillId, flows);
  };
  for (const row of rows) {
    const sign = Number(row.sign) < 0 ? -1 : 1;
    if (row.way === "Order") {
      add(row.till_id, {
        currency: row.currency,
        valueMinor: Number(row.value_minor),
        count: Number(row.count),
        way: "Order",
        sign,
      });
      continue;
    }
    for (const entry of row.received ?? []) {
      for (const note of entry.notes) add(row.till_id, { currency: entry.currency, ...note, way: "Sell", sign });
    }
  }
  return byTill;
}

/** The reversals of the branch's orders approved on the day, first approved first. */
export async function reversalsOfDay(db: Db, options: DayOfBranch): Promise<DayReport["reversals"]> {
  const rows = await db
    .select({
      orderId: orders.id,
      orderNumber: orders.orderNumber,
      way: orders.way,
      channel: orders.channel,
      reason: orderReversals.reason,
      requestedBy: orderReversals.requestedBy,
      requestedAt: orderReversals.requestedAt,
      approvedBy: orderReversals.decidedBy,
      approvedAt: orderReversals.decidedAt,
      note: orderReversals.decisionNote,
    })
    .from(orderReversals)
    .innerJoin(orders, eq(orders.id, orderReversals.orderId))
    .where(
      and(
        eq(orders.branchKey, options.branchKey),
        eq(orderReversals.status, "approved"),
        ...onDisplayDays(orderReversals.decidedAt, { from: options.day, to: options.day }, options.timeZone),
      ),
    )
    .orderBy(asc(orderReversals.decidedAt), asc(orderReversals.id));
  return rows.map((row) => ({
    ...row,
    requestedAt: row.requestedAt.toISOString(),
    approvedBy: row.approvedBy ?? "",
    approvedAt: row.approvedAt?.toISOString() ?? "",
  }));
}
