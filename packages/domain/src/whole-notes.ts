import { noteDenominations } from "./denominations.ts";
import { currencyExponent, parseMajorToMinor } from "./money.ts";
import { formatNotes } from "./note-text.ts";
import type { Way } from "./constants.ts";
import { type NoteCount, splitIntoNotes } from "./note-split.ts";
import { type QuoteAmount, type QuoteFailure, quote } from "./pricing.ts";

/**
 * A branch hands over and buys back notes only. Each currency has the smallest note the bureau deals in
 * (major units): the default of a currency's `smallest_note_minor`, which staff may change on the
 * currency's Update page. Not always the smallest note issued: baht below ฿100, for one, are not worth a
 * bureau's stocking. Every seeded currency is here; a currency added later without an entry deals in
 * whole units of itself until staff set its note.
 */
const SMALLEST_NOTE_MAJOR: Readonly<Record<string, string>> = {
  EUR: "5",
  USD: "1",
  AED: "5",
  AUD: "5",
  CAD: "5",
  CHF: "10",
  CNY: "1",
  CZK: "100",
  DKK: "50",
  HKD: "10",
  HUF: "500",
  ISK: "500",
  JPY: "1000",
  MXN: "20",
  NOK: "50",
  NZD: "5",
  PLN: "10",
  SEK: "20",
  SGD: "2",
  THB: "100",
  TRY: "5",
  ZAR: "10",
  ALL: "200",
  AMD: "1000",
  ARS: "1000",
  AWG: "10",
  AZN: "1",
  BAM: "10",
  BBD: "2",
  BHD: "0.5",
  BMD: "2",
  BND: "1",
  BRL: "5",
  BSD: "1",
  BWP: "10",
  CLP: "1000",
  COP: "2000",
  CRC: "1000",
  CVE: "200",
  DOP: "50",
  EGP: "5",
  FJD: "5",
  GEL: "5",
  GTQ: "5",
  IDR: "1000",
  ILS: "20",
  INR: "10",
  JMD: "50",
  JOD: "1",
  KES: "50",
  KHR: "1000",
  KRW: "1000",
  KWD: "0.25",
  KYD: "1",
  KZT: "500",
  LKR: "20",
  MAD: "20",
  MDL: "5",
  MKD: "10",
  MOP: "10",
  MUR: "25",
  MVR: "10",
  MYR: "1",
  NAD: "10",
  OMR: "0.1",
  PEN: "10",
  PHP: "20",
  QAR: "1",
  RON: "1",
  RSD: "10",
  SAR: "5",
  SCR: "25",
  TTD: "1",
  TWD: "100",
  TZS: "500",
  UGX: "1000",
  UYU: "20",
  VND: "10000",
  XAF: "500",
  XCD: "5",
  XOF: "500",
  XPF: "500",
};

/**
 * The currencies with a smallest note in the table, alphabetically. A function, not a constant computed at
 * load: the home page's widget loads this module, and a module-level call would keep the table in its bundle.
 */
export function smallestNoteCurrencies(): string[] {
  return Object.keys(SMALLEST_NOTE_MAJOR).sort();
}

/** The default smallest note of a currency in minor units: the table's, else one whole unit. */
export function defaultSmallestNoteMinor(currency: string): number {
  const major = SMALLEST_NOTE_MAJOR[currency.trim().toUpperCase()];
  return (major && parseMajorToMinor(major, currency)) || 10 ** currencyExponent(currency);
}

/**
 * The note values (minor units, largest first) a branch hands over of a currency whose smallest note is
 * `smallestNoteMinor`: the currency's issued notes from that one up, where the note table knows them;
 * otherwise whole multiples of the smallest note, the only amounts notes are sure to make.
 */
export function noteValues(currency: string, smallestNoteMinor: number): number[] {
  const issued = noteDenominations(currency);
  if (issued?.includes(smallestNoteMinor)) return issued.filter((value) => value >= smallestNoteMinor);
  return [smallestNoteMinor];
}

/** Why staff cannot set this smallest note (null when fine): a positive amount, one of the currency's notes where known. */
export function smallestNoteProblem(currency: string, smallestNoteMinor: number): string | null {
  if (!Number.isSafeInteger(smallestNoteMinor) || smallestNoteMinor <= 0) {
    return "The smallest note must be an amount above 0";
  }
  const issued = noteDenominations(currency);
  if (issued && !issued.includes(smallestNoteMinor)) {
    const list = [...issued].reverse().map((value) => formatNotes(value, currency));
    return `The smallest note must be one of the ${currency} notes: ${list.join(", ")}`;
  }
  return null;
}

/** A 4-decimal customer rate as an integer of ten-thousandths (exact; no decimal library needed). */
function rateTenThousandths(rate: string): bigint {
  const [whole = "0", fraction = ""] = rate.trim().split(".");
  return BigInt(`${whole}${fraction.padEnd(4, "0").slice(0, 4)}`);
}

/**
 * What `foreignMinor` is worth in pence at a customer rate (foreign units per £1, 4 decimals), rounded up
 * to the penny: the customer never gets back more sterling than the currency they did not take is worth.
 */
export function sterlingValueUp(foreignMinor: number, rate: string, currency: string): number {
  const r = rateTenThousandths(rate);
  if (r <= 0n) throw new RangeError(`Rate must be positive: "${rate}"`);
  // pence = foreign / (rate × 10^(exp − 2)) = foreign × 10^(6 − exp) / (rate × 10^4)
  const exp = currencyExponent(currency);
  const numerator = BigInt(foreignMinor) * 10n ** BigInt(Math.max(0, 6 - exp));
  const denominator = r * 10n ** BigInt(Math.max(0, exp - 6));
  return Number((numerator + denominator - 1n) / denominator);
}

/** A Click & Collect line as notes: the currency handed over, the notes that make it, and the sterling given back. */
export type WholeNotesSplit = {
  /** The currency handed over: the largest amount notes can make at or below the exact conversion. */
  notesMinor: number;
  /** Which notes, largest first. */
  notes: NoteCount[];
  /** The sterling paid less the notes' value at the line's rate (rounded up to the penny). */
  sterlingBackMinor: number;
};

/**
 * The one rule of what a Click & Collect line hands over (quote, placement, stock and every display use
 * it): of `exactForeignMinor` (what `gbpMinor` buys at `rate`), the largest amount `available` notes can
 * make, and the rest back in sterling. `available` is the branch's free notes where it tracks the
 * currency, else the currency's note values without limit (`unlimitedNotes`).
 */
export function splitIntoWholeNotes({
  gbpMinor,
  exactForeignMinor,
  rate,
  currency,
  available,
}: {
  gbpMinor: number;
  exactForeignMinor: number;
  rate: string;
  currency: string;
  available: readonly NoteCount[];
}): WholeNotesSplit {
  const split = splitIntoNotes(exactForeignMinor, available);
  const value = sterlingValueUp(split.totalMinor, rate, currency);
  return { notesMinor: split.totalMinor, notes: split.notes, sterlingBackMinor: Math.max(0, gbpMinor - value) };
}

/** Every note value of the currency, without limit: what notes can make when stock does not decide. */
export function unlimitedNotes(currency: string, smallestNoteMinor: number): NoteCount[] {
  return noteValues(currency, smallestNoteMinor).map((valueMinor) => ({
    valueMinor,
    count: Number.POSITIVE_INFINITY,
  }));
}

/**
 * The notes an amount is handed over in where stock does not choose them: the largest issued notes first
 * (what the high-value notes flag looks at); null when the currency's notes are not in the note table.
 */
export function notesHandedOver(currency: string, notesMinor: number): NoteCount[] | null {
  const issued = noteDenominations(currency);
  if (!issued) return null;
  return splitIntoNotes(
    notesMinor,
    issued.map((valueMinor) => ({ valueMinor, count: Number.POSITIVE_INFINITY })),
  ).notes;
}

/** The branch's free notes of the currency that it hands over (none below the smallest note). */
export function usableNotes(free: readonly NoteCount[], currency: string, smallestNoteMinor: number): NoteCount[] {
  const values = noteValues(currency, smallestNoteMinor);
  return free.filter((note) => values.includes(note.valueMinor) && note.count > 0);
}

/** The nearest Click & Sell amounts around `foreignMinor` that are whole multiples of the smallest note (the lower one only when above 0). */
export function nearestSellAmounts(foreignMinor: number, smallestNoteMinor: number): number[] {
  const lower = Math.floor(foreignMinor / smallestNoteMinor) * smallestNoteMinor;
  if (lower === foreignMinor) return [foreignMinor];
  return lower > 0 ? [lower, lower + smallestNoteMinor] : [lower + smallestNoteMinor];
}

/**
 * A Click & Sell asked for in sterling: the currency to bring is the whole-notes amount covering it (the
 * next multiple of the smallest note up), so the customer is paid at least what they asked for.
 */
export function sellNotesCovering(foreignMinor: number, smallestNoteMinor: number): number {
  return Math.ceil(foreignMinor / smallestNoteMinor) * smallestNoteMinor;
}

/** Whether a Click & Sell amount is whole notes (a whole multiple of the smallest note). */
export function isWholeNotesAmount(foreignMinor: number, smallestNoteMinor: number): boolean {
  return foreignMinor > 0 && foreignMinor % smallestNoteMinor === 0;
}

/** What the form says of Click & Sell amounts: "We buy EUR in whole notes: amounts in multiples of €5." */
export function sellNotesHint(currency: string, smallestNoteMinor: number): string {
  return `We buy ${currency} in whole notes: amounts in multiples of ${formatNotes(smallestNoteMinor, currency)}.`;
}

/** The refusal of a Click & Sell amount that notes cannot make, naming the nearest valid amounts. */
export function sellNotesMessage(currency: string, foreignMinor: number, smallestNoteMinor: number): string {
  const nearest = nearestSellAmounts(foreignMinor, smallestNoteMinor).map((amount) => formatNotes(amount, currency));
  return `We buy ${currency} in whole notes, so the amount must be a multiple of ${formatNotes(smallestNoteMinor, currency)}: try ${nearest.join(" or ")}.`;
}

/** ORDER_MAX_STERLING_BACK_PERCENT's default: the most of an order a branch's stock may give back in sterling. */
export const DEFAULT_MAX_STERLING_BACK_PERCENT = 10;

/** One Click & Collect line to hand over in notes. */
export type CollectLine = {
  currency: string;
  gbpMinor: number;
  /** What the line's sterling buys at its rate (quoteCollect's foreign amount), before notes. */
  exactForeignMinor: number;
  rate: string;
  smallestNoteMinor: number;
  /** The branch's free notes of the currency; null where it does not track it. */
  free: readonly NoteCount[] | null;
};

/** A basket at a branch: each line's split, the notes to reserve, and what stops the branch. */
export type BasketAtBranch = {
  lines: WholeNotesSplit[];
  reserve: { currency: string; notes: NoteCount[] }[];
  /** Whether the branch tracks any of the basket's currencies. */
  tracked: boolean;
  /**
   * The currency whose notes the branch is short of (its stock would give back more than the allowed
   * share of the order), with the largest amount of it its free notes can supply; null when it can.
   */
  short: { currency: string; largestMinor: number } | null;
};

/**
 * A Click & Collect basket at a branch, line by line in order: a line of a tracked currency takes the
 * largest notes amount the notes still free can make (lines of one currency share them), an untracked
 * one whatever the currency's notes make. The branch is short when its stock gives back more sterling
 * than `maxSterlingBackPercent` of the order, and more than unlimited notes would (the smallest note's
 * own remainder is the rule of whole notes, not a shortage).
 */
export function collectBasketAtBranch(lines: readonly CollectLine[], maxSterlingBackPercent: number): BasketAtBranch {
  const remaining = new Map<string, NoteCount[]>();
  const splits: WholeNotesSplit[] = [];
  const reserved = new Map<string, Map<number, number>>();
  let backWithStock = 0;
  let backUnlimited = 0;
  let total = 0;
  const stockBackBy = new Map<string, number>();
  for (const line of lines) {
    const unlimited = splitIntoWholeNotes({
      ...line,
      available: unlimitedNotes(line.currency, line.smallestNoteMinor),
    });
    total += line.gbpMinor;
    backUnlimited += unlimited.sterlingBackMinor;
    if (!line.free) {
      splits.push(unlimited);
      backWithStock += unlimited.sterlingBackMinor;
      continue;
    }
    const free =
      remaining.get(line.currency) ??
      usableNotes(line.free, line.currency, line.smallestNoteMinor).map((n) => ({ ...n }));
    const split = splitIntoWholeNotes({ ...line, available: free });
    for (const note of split.notes) {
      const left = free.find((n) => n.valueMinor === note.valueMinor);
      if (left) left.count -= note.count;
      const byValue = reserved.get(line.currency) ?? new Map<number, number>();
      byValue.set(note.valueMinor, (byValue.get(note.valueMinor) ?? 0) + note.count);
      reserved.set(line.currency, byValue);
    }
    remaining.set(line.currency, free);
    splits.push(split);
    backWithStock += split.sterlingBackMinor;
    stockBackBy.set(
      line.currency,
      (stockBackBy.get(line.currency) ?? 0) + split.sterlingBackMinor - unlimited.sterlingBackMinor,
    );
  }
  const tracked = lines.some((line) => line.free !== null);
  const reserve = [...reserved].map(([currency, byValue]) => ({
    currency,
    notes: [...byValue]
      .map(([valueMinor, count]) => ({ valueMinor, count }))
      .filter((note) => note.count > 0)
      .sort((a, b) => b.valueMinor - a.valueMinor),
  }));
  const tooMuchBack = backWithStock > backUnlimited && backWithStock * 100 > total * maxSterlingBackPercent;
  if (!tooMuchBack) return { lines: splits, reserve: reserve.filter((r) => r.notes.length > 0), tracked, short: null };
  // The currency whose stock gives back the most is the one named; its free notes' whole value (within
  // what its lines asked for) is the most it can supply.
  const [currency] = [...stockBackBy].sort((a, b) => b[1] - a[1])[0]!;
  const largestMinor = splits.reduce(
    (sum, split, i) => sum + (lines[i]!.currency === currency ? split.notesMinor : 0),
    0,
  );
  return { lines: splits, reserve: [], tracked, short: { currency, largestMinor } };
}

/** A line priced as a quote is: the pricing rules, then whole notes. */
export type WholeNotesQuote =
  | { ok: true; gbpMinor: number; foreignMinor: number; sterlingBackMinor: number; rate: string }
  | QuoteFailure
  /** Click & Sell: a currency amount that is not whole notes (`foreignMinor`, the amount typed). */
  | { ok: false; reason: "not_whole_notes"; foreignMinor: number };

/**
 * The one way a line is priced (the server's quote, the order form's and the home widget's previews):
 * Click & Collect hands over the largest amount the currency's notes make and gives the rest back in
 * sterling; Click & Sell takes whole notes only, a sterling amount priced at the whole notes covering it.
 */
export function quoteInWholeNotes(
  input: { way: Way; rate: string; currency: string; smallestNoteMinor: number } & QuoteAmount,
): WholeNotesQuote {
  const { way, rate, currency, smallestNoteMinor } = input;
  const amount = input.gbpMinor !== undefined ? { gbpMinor: input.gbpMinor } : { foreignMinor: input.foreignMinor };
  let priced = quote({ way, rate, currency, ...amount });
  if (!priced.ok) return priced;
  if (way === "Sell") {
    if (input.gbpMinor !== undefined) {
      priced = quote({ way, rate, currency, foreignMinor: sellNotesCovering(priced.foreignMinor, smallestNoteMinor) });
      if (!priced.ok) return priced;
    } else if (!isWholeNotesAmount(priced.foreignMinor, smallestNoteMinor)) {
      return { ok: false, reason: "not_whole_notes", foreignMinor: priced.foreignMinor };
    }
    return { ...priced, sterlingBackMinor: 0 };
  }
  const split = splitIntoWholeNotes({
    gbpMinor: priced.gbpMinor,
    exactForeignMinor: priced.foreignMinor,
    rate: priced.rate,
    currency,
    available: unlimitedNotes(currency, smallestNoteMinor),
  });
  if (split.notesMinor === 0) return { ok: false, reason: "amount_not_positive" };
  return { ...priced, foreignMinor: split.notesMinor, sterlingBackMinor: split.sterlingBackMinor };
}
