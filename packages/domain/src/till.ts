import { DECIMAL_PATTERN, decFromInt, decFromString, pow10, ROUND_HALF_UP, toSafeInteger, ZERO } from "./decimal.ts";
import { noteDenominations } from "./denominations.ts";
import { currencyExponent, formatMinor } from "./money.ts";
import type { NoteCount } from "./note-split.ts";

/**
 * The till (issue 33 item 2): a cashier's cash drawer at one branch, from the float counted at opening
 * to the count at closing. Everything here is in integer minor units per currency; the only conversion
 * is a variance's value in sterling, exact and rounded to the penny once.
 *
 * - Expected close per currency = opening float + the signed cash movements (a card payment is recorded
 *   but never touches the drawer).
 * - Variance per currency = counted − expected (positive: more in the drawer than there should be).
 * - A close needs a manager's sign-off when the variances' values in sterling, each taken as its size
 *   (a surplus in one currency does not hide a shortage in another), add up to more than
 *   TILL_VARIANCE_SIGNOFF_GBP.
 */

/** TILL_VARIANCE_SIGNOFF_GBP's default, in pence: £10. */
export const DEFAULT_TILL_VARIANCE_SIGNOFF_GBP_MINOR = 1_000;

/** Sterling in the drawer: the Bank of England's notes and the Royal Mint's coins, largest first. */
export const STERLING_TILL_DENOMINATIONS_MINOR: readonly number[] = [
  5000, 2000, 1000, 500, 200, 100, 50, 20, 10, 5, 2, 1,
];

export const TILL_PAYMENT_METHODS = ["cash", "card"] as const;
export type TillPaymentMethod = (typeof TILL_PAYMENT_METHODS)[number];

export const TILL_MOVEMENT_KINDS = ["order", "trade", "reversal", "float"] as const;
export type TillMovementKind = (typeof TILL_MOVEMENT_KINDS)[number];

/** The denominations a till counts for a currency, largest first: sterling with its coins, others their notes. */
export function tillDenominations(currency: string): readonly number[] | undefined {
  const code = currency.trim().toUpperCase();
  return code === "GBP" ? STERLING_TILL_DENOMINATIONS_MINOR : noteDenominations(code);
}

/** One currency's count: how many of each denomination. */
export type CurrencyCount = { currency: string; notes: readonly NoteCount[] };

/**
 * A till's difference (a variance, cash moved) with its sign always written: "+£5.00", "−€20.00" (a true
 * minus sign), "£0.00". Here rather than beside formatMinor so that the public pages' shared script does not
 * carry it.
 */
export function formatSignedMinor(minor: number, currency: string): string {
  return `${minor > 0 ? "+" : minor < 0 ? "\u2212" : ""}${formatMinor(Math.abs(minor), currency)}`;
}

/** Per currency, an amount in its minor units. */
export type AmountsByCurrency = Record<string, number>;

export type TillCountCheck =
  | { ok: true; counts: CurrencyCount[]; amounts: AmountsByCurrency }
  | { ok: false; message: string; fields: Record<string, string> };

/**
 * Checks a count against the currencies the till holds (sterling and each currency the branch tracks):
 * every one of them counted, only their denominations, whole numbers from 0. A denomination counted
 * twice adds up. Answers the counts (largest first, zero counts left out) and the amount per currency.
 */
export function checkTillCount(input: readonly CurrencyCount[], currencies: readonly string[]): TillCountCheck {
  const fields: Record<string, string> = {};
  const counts: CurrencyCount[] = [];
  for (const entry of input) {
    const code = entry.currency.trim().toUpperCase();
    if (!currencies.includes(code)) fields[`counts.${code}`] = `${code} is not held in this till`;
  }
  for (const currency of currencies) {
    const key = `counts.${currency}`;
    const entries = input.filter((entry) => entry.currency.trim().toUpperCase() === currency);
    const denominations = tillDenominations(currency);
    if (!denominations) {
      fields[key] = `${currency} has no table of notes, so it cannot be counted in a till`;
      continue;
    }
    if (entries.length === 0) {
      fields[key] = `Count the ${currency} in the till (0 where there is none)`;
      continue;
    }
    const tally = tallyNotes(
      currency,
      denominations,
      entries.flatMap((entry) => entry.notes),
    );
    if (tally.problem) fields[key] = tally.problem;
    counts.push({ currency, notes: tally.notes });
  }
  const problems = Object.values(fields);
  if (problems.length > 0) return { ok: false, message: `${problems[0]}.`, fields };
  return { ok: true, counts, amounts: countedAmounts(counts) };
}

/**
 * One currency's notes (or coins) counted by denomination: only its denominations, whole counts from 0,
 * a denomination given twice adding up. Answers them largest first without the zero counts, and the
 * last problem found (null when none).
 */
function tallyNotes(
  currency: string,
  denominations: readonly number[],
  input: readonly NoteCount[],
): { notes: NoteCount[]; problem: string | null } {
  let problem: string | null = null;
  const byValue = new Map<number, number>();
  for (const note of input) {
    if (!denominations.includes(note.valueMinor)) {
      problem = `${formatMinor(note.valueMinor, currency)} is not a ${currency} denomination`;
    } else if (!Number.isSafeInteger(note.count) || note.count < 0 || note.count > 1_000_000) {
      problem = "Each count must be a whole number from 0";
    } else byValue.set(note.valueMinor, (byValue.get(note.valueMinor) ?? 0) + note.count);
  }
  const notes = denominations
    .filter((value) => (byValue.get(value) ?? 0) > 0)
    .map((valueMinor) => ({ valueMinor, count: byValue.get(valueMinor) ?? 0 }));
  return { notes, problem };
}

/** The amount per currency of a count by denomination. */
export function countedAmounts(counts: readonly CurrencyCount[]): AmountsByCurrency {
  const amounts: AmountsByCurrency = {};
  for (const { currency, notes } of counts) {
    amounts[currency] = (amounts[currency] ?? 0) + notes.reduce((sum, note) => sum + note.valueMinor * note.count, 0);
  }
  return amounts;
}

/** A movement of the till: signed (into the drawer positive, out of it negative), in the currency's minor units. */
export type TillMovement = { currency: string; amountMinor: number; method: TillPaymentMethod };

/**
 * What the drawer should hold at closing, per currency: the opening float plus every cash movement.
 * Card payments are recorded for the day's report but move no cash. A currency that only moved (not
 * in the float) appears too.
 */
export function expectedClose(float: AmountsByCurrency, movements: readonly TillMovement[]): AmountsByCurrency {
  const expected: AmountsByCurrency = { ...float };
  for (const movement of movements) {
    if (movement.method !== "cash") continue;
    expected[movement.currency] = (expected[movement.currency] ?? 0) + movement.amountMinor;
  }
  return expected;
}

/** Counted − expected per currency, over every currency in either (one missing from a side counts as 0). */
export function tillVariance(expected: AmountsByCurrency, counted: AmountsByCurrency): AmountsByCurrency {
  const variance: AmountsByCurrency = {};
  for (const currency of new Set([...Object.keys(expected), ...Object.keys(counted)])) {
    variance[currency] = (counted[currency] ?? 0) - (expected[currency] ?? 0);
  }
  return variance;
}

export type CurrencyVariance = {
  currency: string;
  expectedMinor: number;
  countedMinor: number;
  varianceMinor: number;
  /** The variance's value in pence (sterling as it is; another currency at its market rate), rounded half away from zero. */
  varianceGbpMinor: number;
};

export type TillCloseAssessment = {
  currencies: CurrencyVariance[];
  /** The variances' sizes in pence, added up: what the sign-off threshold is compared with. */
  totalAbsoluteGbpMinor: number;
  needsSignOff: boolean;
};

/**
 * The sterling value in pence of `amountMinor` of a currency at `rate` (units of the currency per £1),
 * exact until the one rounding to the penny, half away from zero so that a shortage and a surplus of
 * the same size weigh the same.
 */
export function gbpValueMinor(amountMinor: number, currency: string, rate: string): number {
  const code = currency.trim().toUpperCase();
  if (code === "GBP") return amountMinor;
  if (!DECIMAL_PATTERN.test(rate.trim())) throw new RangeError(`Rate must be a number: "${rate}"`);
  const perPound = decFromString(rate);
  if (perPound.lte(ZERO)) throw new RangeError(`Rate must be positive: "${rate}"`);
  // pence = minor / 10^exp / rate × 100
  const pence = decFromInt(amountMinor)
    .times(pow10(2 - currencyExponent(code)))
    .div(perPound);
  // + 0 turns big.js's -0 (a tiny shortage rounding to nothing) into 0.
  return toSafeInteger(pence.round(0, ROUND_HALF_UP)) + 0;
}

/**
 * A close weighed: each currency's expected, counted and variance with its value in sterling, and
 * whether the total size of the variances is above the threshold (in pence) that needs a
 * manager. `rates` gives units per £1 for each currency other than sterling that has a variance.
 */
export function assessClose({
  expected,
  counted,
  rates,
  signOffAboveGbpMinor,
}: {
  expected: AmountsByCurrency;
  counted: AmountsByCurrency;
  rates: Readonly<Record<string, string>>;
  signOffAboveGbpMinor: number;
}): TillCloseAssessment {
  const variance = tillVariance(expected, counted);
  const currencies = Object.keys(variance)
    .sort((a, b) => (a === "GBP" ? -1 : b === "GBP" ? 1 : a.localeCompare(b)))
    .map((currency) => {
      const varianceMinor = variance[currency] ?? 0;
      const rate = rates[currency];
      if (varianceMinor !== 0 && currency !== "GBP" && rate === undefined) {
        throw new RangeError(`No rate to value the ${currency} variance in sterling`);
      }
      return {
        currency,
        expectedMinor: expected[currency] ?? 0,
        countedMinor: counted[currency] ?? 0,
        varianceMinor,
        varianceGbpMinor: varianceMinor === 0 ? 0 : gbpValueMinor(varianceMinor, currency, rate ?? "1"),
      };
    });
  const totalAbsoluteGbpMinor = currencies.reduce((sum, c) => sum + Math.abs(c.varianceGbpMinor), 0);
  return { currencies, totalAbsoluteGbpMinor, needsSignOff: totalAbsoluteGbpMinor > signOffAboveGbpMinor };
}

/** A sign-off's reason: written down, 5 to 500 characters. Null when acceptable, else what is wrong. */
export function signOffReasonProblem(reason: string): string | null {
  return reasonProblem(reason, "Write the reason for the variance (at least 5 characters)");
}

/** A reason the till records (a sign-off's, a cash move's): 5 to 500 characters once trimmed. */
function reasonProblem(reason: string, tooShort: string): string | null {
  const text = reason.trim();
  if (text.length < 5) return tooShort;
  if (text.length > 500) return "Keep the reason to 500 characters";
  return null;
}

/**
 * The till movements of a completed order's handover (issue 33): sterling in (Click & Collect, the
 * customer pays) or out (Click & Sell, we pay) by the payment's method, the currency notes out
 * (handed over) or in (received), always cash; and, for Click & Collect, the sterling handed back in
 * cash where whole notes could not make the exact conversion (docs/features/whole-notes.md).
 */
export function handoverMovements({
  way,
  payment,
  currencies,
  sterlingBackMinor = 0,
}: {
  way: "Order" | "Sell";
  payment: { method: TillPaymentMethod; amountMinor: number };
  currencies: readonly { currency: string; amountMinor: number }[];
  /** Click & Collect: the sterling handed back with the notes. */
  sterlingBackMinor?: number;
}): TillMovement[] {
  const sterlingSign = way === "Order" ? 1 : -1;
  const movements: TillMovement[] = [];
  if (payment.amountMinor !== 0) {
    movements.push({ currency: "GBP", amountMinor: sterlingSign * payment.amountMinor, method: payment.method });
  }
  if (way === "Order" && sterlingBackMinor > 0) {
    movements.push({ currency: "GBP", amountMinor: -sterlingBackMinor, method: "cash" });
  }
  for (const { currency, amountMinor } of currencies) {
    if (amountMinor !== 0) movements.push({ currency, amountMinor: -sterlingSign * amountMinor, method: "cash" });
  }
  return movements;
}

/** Cash moved between the drawer and the branch's safe during the day: into the drawer, or out of it. */
export const TILL_CASH_DIRECTIONS = ["in", "out"] as const;
export type TillCashDirection = (typeof TILL_CASH_DIRECTIONS)[number];

export type TillCashMove = {
  direction: TillCashDirection;
  currency: string;
  notes: readonly NoteCount[];
  reason: string;
};

export type TillCashMoveCheck =
  | { ok: true; currency: string; notes: NoteCount[]; signedMinor: number; reason: string }
  | { ok: false; message: string; fields: Record<string, string> };

/**
 * Checks cash moved into or out of an open till during the day (a top-up from the safe, a drop to it),
 * counted by denomination like the float: a currency the till counts, only its denominations, at least
 * one note or coin, and a reason. Out of the drawer, no more than it should hold now (float + movements):
 * taking out more would hide a shortage in a variance at the close instead of refusing it now. Answers
 * the amount signed as a till movement (into the drawer positive).
 */
export function checkTillCashMove(
  move: TillCashMove,
  till: { currencies: readonly string[]; expected: AmountsByCurrency },
): TillCashMoveCheck {
  const fields: Record<string, string> = {};
  const currency = move.currency.trim().toUpperCase();
  const denominations = tillDenominations(currency);
  if (!till.currencies.includes(currency) || !denominations) {
    fields.currency = `${currency || "That currency"} is not counted in this till`;
  }
  const tally = tallyNotes(currency, denominations ?? [], fields.currency ? [] : move.notes);
  if (tally.problem) fields.notes = tally.problem;
  const notes = tally.notes;
  const amountMinor = notes.reduce((sum, note) => sum + note.valueMinor * note.count, 0);
  if (!fields.currency && !fields.notes && amountMinor === 0) {
    fields.notes = "Count the cash you move: at least one note or coin";
  }
  const held = till.expected[currency] ?? 0;
  if (!fields.currency && !fields.notes && move.direction === "out" && amountMinor > held) {
    fields.notes = `The drawer should hold ${formatMinor(held, currency)}: you cannot take out ${formatMinor(amountMinor, currency)}`;
  }
  const reasonIssue = reasonProblem(move.reason, "Say why the cash moves (at least 5 characters)");
  if (reasonIssue) fields.reason = reasonIssue;
  const problems = Object.values(fields);
  if (problems.length > 0) return { ok: false, message: `${problems[0]}.`, fields };
  return {
    ok: true,
    currency,
    notes,
    signedMinor: move.direction === "in" ? amountMinor : -amountMinor,
    reason: move.reason.trim(),
  };
}
