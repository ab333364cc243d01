import type { AmountsByCurrency, TillMovementKind, TillPaymentMethod } from "./till.ts";

/**
 * The till part of a branch's day report (issue 33 item 5): what each till of the day held and moved,
 * per currency, and the branch's totals as the sum of its tills. Pure arithmetic over what the
 * database holds; everything in integer minor units of each currency.
 *
 * In and out are the till's flows with customers, by the direction of the order or trade that made
 * them: a sale's sterling taken is "in", a purchase's sterling paid "out". A reversal negates its
 * order's movements, so it is counted in the column of the movement it takes back, with the opposite
 * sign (a reversed £100 cash taking is −£100 in the cash "in" column, not £100 out). Movements of kind
 * "float" (cash added to or taken from the drawer during the day) are their own column. So, per
 * currency and method: in − out + float moved = the sum of the till's movements.
 */

/** A sum of a till's movements of one currency, method and kind whose amounts all have one sign. */
export type TillMovementSum = {
  currency: string;
  method: TillPaymentMethod;
  kind: TillMovementKind;
  /** The signed sum (into the drawer positive). */
  amountMinor: number;
};

/**
 * Notes of one denomination that an order moved through a till: `way` of the order ("Order": handed
 * to the customer; "Sell": received), `sign` −1 when the till's movement was the order's reversal.
 */
export type TillNoteFlow = {
  currency: string;
  valueMinor: number;
  count: number;
  way: "Order" | "Sell";
  sign: 1 | -1;
};

export type InOut = { inMinor: number; outMinor: number };
export type NoteFlow = { valueMinor: number; count: number };

export type TillCurrencyDay = {
  currency: string;
  floatMinor: number;
  cash: InOut;
  card: InOut;
  /** Cash added to (positive) or taken from the drawer during the day, outside orders and trades. */
  floatMovedMinor: number;
  /** Float + every cash movement. */
  expectedMinor: number;
  /** The close count; null while the till is not counted. */
  countedMinor: number | null;
  /** Counted − expected; null while the till is not counted. */
  varianceMinor: number | null;
  /** Notes handed out and received by denomination, largest first, reversals netted (zero counts left out). */
  notesOut: NoteFlow[];
  notesIn: NoteFlow[];
};

/** Sterling first, then the other currencies alphabetically. */
export function currencyOrder(a: string, b: string): number {
  return a === "GBP" ? (b === "GBP" ? 0 : -1) : b === "GBP" ? 1 : a.localeCompare(b);
}

const emptyCurrency = (currency: string): TillCurrencyDay => ({
  currency,
  floatMinor: 0,
  cash: { inMinor: 0, outMinor: 0 },
  card: { inMinor: 0, outMinor: 0 },
  floatMovedMinor: 0,
  expectedMinor: 0,
  countedMinor: null,
  varianceMinor: null,
  notesOut: [],
  notesIn: [],
});

/**
 * Where a movement sum goes: its method's in or out column (a reversal in the column of what it takes
 * back, as a negative), or the float column.
 */
export function addMovement(day: TillCurrencyDay, movement: TillMovementSum): void {
  const amount = movement.amountMinor;
  // A float movement is cash into or out of the drawer; one recorded as card would move no cash.
  if (movement.kind === "float" && movement.method === "cash") {
    day.floatMovedMinor += amount;
    return;
  }
  const flows = day[movement.method];
  if (movement.kind === "reversal") {
    // Taking back money that came in (amount < 0) lowers "in"; taking back money paid out lowers "out".
    if (amount < 0) flows.inMinor += amount;
    else flows.outMinor -= amount;
  } else if (amount >= 0) flows.inMinor += amount;
  else flows.outMinor -= amount;
}

function sortedNotes(notes: Map<number, number>): NoteFlow[] {
  return [...notes]
    .filter(([, count]) => count !== 0)
    .sort(([a], [b]) => b - a)
    .map(([valueMinor, count]) => ({ valueMinor, count }));
}

/**
 * One till's day per currency: its float, its movements, its notes by denomination, and — once it is
 * counted — what the count found against float + cash movements.
 */
export function tillDay({
  float,
  closeCount,
  movements,
  notes,
}: {
  float: AmountsByCurrency;
  /** The close count per currency; null while the till is not counted. */
  closeCount: AmountsByCurrency | null;
  movements: readonly TillMovementSum[];
  notes: readonly TillNoteFlow[];
}): TillCurrencyDay[] {
  const days = new Map<string, TillCurrencyDay>();
  const dayOf = (currency: string) => {
    let day = days.get(currency);
    if (!day) {
      day = emptyCurrency(currency);
      days.set(currency, day);
    }
    return day;
  };
  for (const [currency, amount] of Object.entries(float)) dayOf(currency).floatMinor += amount;
  for (const movement of movements) addMovement(dayOf(movement.currency), movement);
  for (const currency of Object.keys(closeCount ?? {})) dayOf(currency);
  const notesOut = new Map<string, Map<number, number>>();
  const notesIn = new Map<string, Map<number, number>>();
  for (const note of notes) {
    dayOf(note.currency);
    const side = note.way === "Order" ? notesOut : notesIn;
    const byValue = side.get(note.currency) ?? new Map<number, number>();
    side.set(note.currency, byValue);
    byValue.set(note.valueMinor, (byValue.get(note.valueMinor) ?? 0) + note.sign * note.count);
  }
  return [...days.values()]
    .map((day) => {
      const cashMoved = day.cash.inMinor - day.cash.outMinor + day.floatMovedMinor;
      const expectedMinor = day.floatMinor + cashMoved;
      const countedMinor = closeCount ? (closeCount[day.currency] ?? 0) : null;
      return {
        ...day,
        expectedMinor,
        countedMinor,
        varianceMinor: countedMinor === null ? null : countedMinor - expectedMinor,
        notesOut: sortedNotes(notesOut.get(day.currency) ?? new Map()),
        notesIn: sortedNotes(notesIn.get(day.currency) ?? new Map()),
      };
    })
    .sort((a, b) => currencyOrder(a.currency, b.currency));
}

export type BranchCurrencyDay = Omit<TillCurrencyDay, "countedMinor" | "varianceMinor"> & {
  /** Of the tills counted at close: their counts and variances added up (0 when none is counted yet). */
  countedMinor: number;
  varianceMinor: number;
  /** Of those tills, what they were expected to hold: counted − variance. */
  expectedOfCountedMinor: number;
};

function addNotes(into: Map<number, number>, notes: readonly NoteFlow[]) {
  for (const note of notes) into.set(note.valueMinor, (into.get(note.valueMinor) ?? 0) + note.count);
}

/**
 * The branch's day per currency: every till's figures added up. Counted and variance add up over the
 * tills counted at close only, beside what those tills were expected to hold, so a till still open
 * does not show as a shortage.
 */
export function branchDay(tills: readonly (readonly TillCurrencyDay[])[]): BranchCurrencyDay[] {
  const sums = new Map<string, BranchCurrencyDay & { out: Map<number, number>; in: Map<number, number> }>();
  for (const till of tills) {
    for (const day of till) {
      let sum = sums.get(day.currency);
      if (!sum) {
        sum = {
          ...emptyCurrency(day.currency),
          countedMinor: 0,
          varianceMinor: 0,
          expectedOfCountedMinor: 0,
          out: new Map(),
          in: new Map(),
        };
        sums.set(day.currency, sum);
      }
      sum.floatMinor += day.floatMinor;
      sum.cash.inMinor += day.cash.inMinor;
      sum.cash.outMinor += day.cash.outMinor;
      sum.card.inMinor += day.card.inMinor;
      sum.card.outMinor += day.card.outMinor;
      sum.floatMovedMinor += day.floatMovedMinor;
      sum.expectedMinor += day.expectedMinor;
      if (day.countedMinor !== null) {
        sum.countedMinor += day.countedMinor;
        sum.varianceMinor += day.varianceMinor ?? 0;
        sum.expectedOfCountedMinor += day.expectedMinor;
      }
      addNotes(sum.out, day.notesOut);
      addNotes(sum.in, day.notesIn);
    }
  }
  return [...sums.values()]
    .map(({ out, in: received, ...sum }) => ({ ...sum, notesOut: sortedNotes(out), notesIn: sortedNotes(received) }))
    .sort((a, b) => currencyOrder(a.currency, b.currency));
}
