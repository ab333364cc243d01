import { and, asc, eq, like, sql } from "drizzle-orm";
import type { DayReport } from "@bureau/domain/contracts/reports";
import { displayDates } from "@bureau/domain/dates";
import { noteDenominations } from "@bureau/domain/denominations";
import type { Db } from "../../db/client.ts";
import {
  auditLog,
  branches,
  orderHandovers,
  orderLines,
  orders,
  stockCurrencies,
  stockNotes,
} from "../../db/schema.ts";
import { NOT_YOUR_BRANCH_MESSAGE } from "@bureau/domain/staff-permissions";
import { AppError } from "../../lib/app-error.ts";
import { onDisplayDays } from "../../lib/display-day-range.ts";
import { queryRows } from "../../lib/postgres.ts";
import { STOCK_AUDIT } from "../stock/index.ts";
import { completedOnDay, type DayOfBranch } from "./day-of-branch.ts";
import { guaranteesOfDay } from "./guarantees-of-day.ts";
import { reversalsOfDay, tillsOfDay } from "./till-day.ts";

type NoteKey = string;
const noteKey = (currency: string, valueMinor: number): NoteKey => `${currency}:${valueMinor}`;
type AuditCounts = { counts?: { valueMinor: number; count: number }[] } | null;

/**
 * A branch's end-of-day report (issue 17 item 6) for one calendar day of the display time zone: the
 * orders collected (completed that day), the sterling they took in (Click & Collect) and paid out
 * (Click & Sell), each currency out and in, by denomination from the stock settlement of those orders
 * where the branch tracks the currency, and the notes in stock at the day's close.
 * Stock is kept as today's counts, so the close of an earlier day is today's counts with every change
 * since taken back: staff counts (their audit entries' before and after) and the notes orders completed
 * since handed over or received. Every change is a difference of counts, so their order does not matter.
 * With the tills of the day, their sum and the reversals approved that day (issue 33 item 5, till-day.ts).
 * `branchScope`: the branches the staff member works at (null: all); another branch is refused.
 */
export async function getDayReport({
  db,
  timeZone,
  branch,
  date,
  branchScope = null,
  now = new Date(),
}: {
  db: Db;
  timeZone: string;
  branch?: string | undefined;
  date?: string | undefined;
  branchScope?: readonly string[] | null;
  now?: Date;
}): Promise<DayReport> {
  const { branchRows, chosen, day, today } = await chooseBranchAndDay(db, { timeZone, branch, date, now, branchScope });
  const nextDay = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

  const ofDay = { branchKey: chosen.key, day, timeZone };
  // Independent reads, side by side where the database has connections for them.
  const [{ collected, lines }, settled, { tills, tillTotals }, reversals, guarantees] = await Promise.all([
    ordersCompletedOn(db, ofDay),
    notesSettledSince(db, { branchKey: chosen.key, day, nextDay, timeZone }),
    tillsOfDay(db, ofDay),
    reversalsOfDay(db, ofDay),
    guaranteesOfDay(db, ofDay),
  ]);

  const { sterling, flows } = tallyOrders(collected, lines);
  /** What changed each note's count after the close: taken back from today's count. */
  const changedSince: NoteChanges = new Map();
  tallySettledNotes(settled, flows, changedSince);
  const stockAtClose = await stockAtCloseOf(db, { branchKey: chosen.key, nextDay, timeZone, changedSince });

  return {
    branches: branchRows,
    branch: chosen,
    date: day,
    today: day === today,
    orders: collected.map((o) => ({
      id: o.id,
      orderNumber: o.orderNumber,
      way: o.way,
      channel: o.channel,
      reversed: o.reversedAt !== null,
      name: `${o.firstName} ${o.lastName}`,
      completedAt: o.completedAt!.toISOString(),
      // The sterling that changed hands: a sale's handover may have paid less than ordered.
      totalGbpMinor: o.settledGbpMinor ?? o.totalGbpMinor,
      fx: (lines.get(o.id) ?? []).map(({ currency, foreignMinor }) => ({ currency, foreignMinor })),
    })),
    sterling,
    currencies: [...flows]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, flow]) => ({
        currency,
        outMinor: flow.outMinor,
        inMinor: flow.inMinor,
        notesOut: byValueDesc(flow.notesOut),
        notesIn: byValueDesc(flow.notesIn),
      })),
    stockAtClose,
    tills,
    tillTotals,
    guarantees,
    reversals,
  };
}

/** The branch asked for (the first one when none is) and the day, which must have begun. */
async function chooseBranchAndDay(
  db: Db,
  {
    timeZone,
    branch,
    date,
    now,
    branchScope,
  }: {
    timeZone: string;
    branch?: string | undefined;
    date?: string | undefined;
    now: Date;
    branchScope: readonly string[] | null;
  },
) {
  const branchRows = (
    await db.select({ key: branches.key, name: branches.name }).from(branches).orderBy(asc(branches.displayOrder))
  ).filter((row) => branchScope === null || branchScope.includes(row.key));
  if (branch && branchScope !== null && !branchScope.includes(branch))
    throw new AppError("forbidden", NOT_YOUR_BRANCH_MESSAGE);
  const chosen = branch ? branchRows.find((b) => b.key === branch) : branchRows[0];
  if (!chosen)
    throw new AppError("not_found", branch ? "There is no such branch." : "You work at no branch to report on.");
  const today = displayDates(timeZone).day(now);
  const day = date ?? today;
  if (day > today)
    throw new AppError("validation_failed", "There is no report for a day that has not begun.", {
      date: "is in the future",
    });
  return { branchRows, chosen, day, today };
}

/**
 * The branch's orders completed on `day`, with what their handover recorded, and each one's currency lines
 * in their order. One statement: an order's columns come again on each of its lines (most orders have one),
 * which costs less than reading the day's orders a second time to find their lines.
 */
async function ordersCompletedOn(db: Db, ofDay: DayOfBranch) {
  const collected: CompletedOrder[] = [];
  const lines: CurrencyLines = new Map();
  const rows = await completedOrderRows(db, ofDay);
  for (const { lineCurrency, lineForeignMinor, lineSterlingBackMinor, ...order } of rows) {
    // The rows of one order are next to each other: its first row brings the order.
    if (collected.at(-1)?.id !== order.id) collected.push(order);
    if (lineCurrency === null || lineForeignMinor === null || lineSterlingBackMinor === null) continue;
    const list = lines.get(order.id) ?? [];
    list.push({ currency: lineCurrency, foreignMinor: lineForeignMinor, sterlingBackMinor: lineSterlingBackMinor });
    lines.set(order.id, list);
  }
  return { collected, lines };
}

function completedOrderRows(db: Db, ofDay: DayOfBranch) {
  return db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      way: orders.way,
      channel: orders.channel,
      reversedAt: orders.reversedAt,
      firstName: orders.firstName,
      lastName: orders.lastName,
      completedAt: orders.completedAt,
      totalGbpMinor: orders.totalGbpMinor,
      // What the handover recorded (docs/features/handover-at-the-counter.md): for a Click & Sell, the sterling actually paid and the
      // currency actually received, which may be less than ordered.
      settledGbpMinor: orderHandovers.gbpMinor,
      received: orderHandovers.received,
      lineCurrency: orderLines.currencyCode,
      lineForeignMinor: orderLines.foreignMinor,
      lineSterlingBackMinor: orderLines.sterlingBackMinor,
    })
    .from(orders)
    .leftJoin(orderHandovers, eq(orderHandovers.orderId, orders.id))
    .leftJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(completedOnDay(ofDay))
    .orderBy(asc(orders.completedAt), asc(orders.id), asc(orderLines.position));
}

type CompletedOrder = Omit<
  Awaited<ReturnType<typeof completedOrderRows>>[number],
  "lineCurrency" | "lineForeignMinor" | "lineSterlingBackMinor"
>;
type CurrencyLines = Map<string, { currency: string; foreignMinor: number; sterlingBackMinor: number }[]>;
type SettledNotes = {
  after_close: boolean;
  way: "Order" | "Sell";
  currency_code: string;
  denomination_minor: string | number;
  count: string | number;
};

/** The notes each way of the day's completed orders moved, and those of orders completed after it. */
function notesSettledSince(db: Db, { branchKey, day, nextDay, timeZone }: DayOfBranch & { nextDay: string }) {
  const [afterClose] = onDisplayDays(orders.completedAt, { from: nextDay }, timeZone);
  return queryRows<SettledNotes>(
    db,
    sql`select ${afterClose} as after_close, ${orders.way} as way, n.currency_code, n.denomination_minor,
          sum(n.count)::int as count
        from ${orders} join order_notes n on n.order_id = ${orders.id}
        where ${orders.branchKey} = ${branchKey} and ${orders.status} = 'completed'
          and ${and(...onDisplayDays(orders.completedAt, { from: day }, timeZone))}
        group by 1, 2, 3, 4`,
  );
}

type CurrencyFlow = { outMinor: number; inMinor: number; notesOut: Map<number, number>; notesIn: Map<number, number> };
type NoteChanges = Map<NoteKey, number>;

function flowOf(flows: Map<string, CurrencyFlow>, currency: string): CurrencyFlow {
  let flow = flows.get(currency);
  if (!flow) {
    flow = { outMinor: 0, inMinor: 0, notesOut: new Map(), notesIn: new Map() };
    flows.set(currency, flow);
  }
  return flow;
}

function addChange(changes: NoteChanges, currency: string, valueMinor: number, by: number) {
  changes.set(noteKey(currency, valueMinor), (changes.get(noteKey(currency, valueMinor)) ?? 0) + by);
}

/** The sterling in, out and given back, and each currency's amounts out and in, of the day's orders. */
function tallyOrders(collected: CompletedOrder[], lines: CurrencyLines) {
  const sterling = { inMinor: 0, outMinor: 0, backMinor: 0 };
  const flows = new Map<string, CurrencyFlow>();
  for (const order of collected) {
    const gbpMinor = order.settledGbpMinor ?? order.totalGbpMinor;
    if (order.way === "Order") {
      sterling.inMinor += gbpMinor;
      // Click & Collect: the sterling given back where the notes do not make the whole conversion.
      for (const line of lines.get(order.id) ?? []) sterling.backMinor += line.sterlingBackMinor;
    } else sterling.outMinor += gbpMinor;
    const receivedOf = new Map((order.received ?? []).map((r) => [r.currency, r.receivedMinor]));
    for (const line of lines.get(order.id) ?? []) {
      const flow = flowOf(flows, line.currency);
      if (order.way === "Order") flow.outMinor += line.foreignMinor;
      else flow.inMinor += receivedOf.get(line.currency) ?? line.foreignMinor;
    }
  }
  return { sterling, flows };
}

/** The day's notes go to its currency flows; those of orders completed after the close are changes since. */
function tallySettledNotes(settled: SettledNotes[], flows: Map<string, CurrencyFlow>, changedSince: NoteChanges) {
  for (const row of settled) {
    const valueMinor = Number(row.denomination_minor);
    const count = Number(row.count);
    if (row.after_close) addChange(changedSince, row.currency_code, valueMinor, row.way === "Order" ? -count : count);
    else {
      const flow = flowOf(flows, row.currency_code);
      const notes = row.way === "Order" ? flow.notesOut : flow.notesIn;
      notes.set(valueMinor, (notes.get(valueMinor) ?? 0) + count);
    }
  }
}

/**
 * The notes of each tracked currency at the day's close: today's counts less every change since the close
 * (`changedSince` holds the orders' notes; the staff counts made after the close are added to it here).
 */
async function stockAtCloseOf(
  db: Db,
  {
    branchKey,
    nextDay,
    timeZone,
    changedSince,
  }: { branchKey: string; nextDay: string; timeZone: string; changedSince: NoteChanges },
): Promise<DayReport["stockAtClose"]> {
  const [tracked, counts, laterCounts] = await Promise.all([
    db
      .select({ currency: stockCurrencies.currencyCode })
      .from(stockCurrencies)
      .where(and(eq(stockCurrencies.branchKey, branchKey), eq(stockCurrencies.tracked, true)))
      .orderBy(asc(stockCurrencies.currencyCode)),
    db
      .select({ currency: stockNotes.currencyCode, valueMinor: stockNotes.denominationMinor, count: stockNotes.count })
      .from(stockNotes)
      .where(eq(stockNotes.branchKey, branchKey)),
    db
      .select({ entityId: auditLog.entityId, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityType, STOCK_AUDIT.entityType),
          like(auditLog.entityId, `${branchKey}/%`),
          ...onDisplayDays(auditLog.createdAt, { from: nextDay }, timeZone),
        ),
      ),
  ]);
  for (const entry of laterCounts) {
    const currency = entry.entityId.slice(branchKey.length + 1);
    for (const note of (entry.after as AuditCounts)?.counts ?? [])
      addChange(changedSince, currency, note.valueMinor, note.count);
    for (const note of (entry.before as AuditCounts)?.counts ?? [])
      addChange(changedSince, currency, note.valueMinor, -note.count);
  }
  const countNow = new Map(counts.map((c) => [noteKey(c.currency, c.valueMinor), c.count]));
  return tracked.map(({ currency }) => {
    const notes = (noteDenominations(currency) ?? []).map((valueMinor) => {
      const key = noteKey(currency, valueMinor);
      return { valueMinor, count: (countNow.get(key) ?? 0) - (changedSince.get(key) ?? 0) };
    });
    return { currency, notes, totalMinor: notes.reduce((sum, n) => sum + n.valueMinor * n.count, 0) };
  });
}

const byValueDesc = (notes: Map<number, number>) =>
  [...notes]
    .filter(([, count]) => count !== 0)
    .sort(([a], [b]) => b - a)
    .map(([valueMinor, count]) => ({ valueMinor, count }));
