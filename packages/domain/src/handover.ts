import type { Way } from "./constants.ts";
import { displayDates } from "./dates.ts";
import { noteDenominations } from "./denominations.ts";
import { formatMinor } from "./money.ts";
import { type NoteCount, splitIntoNotes } from "./note-split.ts";
import { sellGbpMinorFor } from "./pricing.ts";
import { TILL_PAYMENT_METHODS, type TillPaymentMethod } from "./till.ts";

/**
 * The handover at the counter (issue 17 item 4): what staff record to complete an order. One set of
 * rules for the panel (which checks as staff type) and the server (which decides), so both say the
 * same words:
 * - every order: the ID checked (its type, the last 4 characters of its number, its expiry date; a
 *   document that expired before today, in the bureau's time zone, is refused; one that expires today
 *   is still valid today);
 * - Click & Collect: a tick that the payment card matches the name on the ID;
 * - Click & Sell: the notes received per currency (by denomination where the currency's notes are
 *   known, else as an amount). At most the ordered amount; any difference needs a reason written down,
 *   and the sterling paid follows from what was received at the order's locked rate;
 * - an order flagged "Enhanced due diligence" (docs/features/due-diligence-tiers.md): the customer's address and date of birth;
 * - every order (issue 33, the till): the sterling payment, cash or card: taken from the customer for
 *   Click & Collect, paid to the customer for Click & Sell. Its amount, where given, must be the
 *   order's sterling as settled (a check that the money matches the order); the till moves by that.
 */
export const ID_DOCUMENT_TYPES = ["passport", "driving_licence", "national_id"] as const;
export type IdDocumentType = (typeof ID_DOCUMENT_TYPES)[number];
export const ID_DOCUMENT_LABELS: Record<IdDocumentType, string> = {
  passport: "Passport",
  driving_licence: "UK or EU photo driving licence",
  national_id: "EU national ID card",
};

/** What staff post to complete an order (the API's request, and the panel's fields). */
export type HandoverInput = {
  idType?: string | undefined;
  idNumberLast4?: string | undefined;
  idExpiresOn?: string | undefined;
  cardMatchesName?: boolean | undefined;
  address?: string | undefined;
  dateOfBirth?: string | undefined;
  /** Click & Sell: per currency, the notes received (or, for a currency without a note table, the amount). */
  received?: { currency: string; notes?: NoteCount[] | undefined; amountMinor?: number | undefined }[] | undefined;
  differenceReason?: string | undefined;
  /** The sterling payment: how, and (a check) how much. */
  payment?: { method?: string | undefined; amountMinor?: number | undefined } | undefined;
};

/** The order as the rules need it: its way, its due-diligence flag and its lines at their locked rates. */
export type HandoverOrder = {
  way: Way;
  enhancedDueDiligence: boolean;
  /**
   * A walk-in trade at the counter (issue 33 item 3): its ID is recorded from COUNTER_ID_FROM_GBP only
   * (`idRequired`), and the card is checked against the name only when the customer pays by card.
   * Online orders always record both.
   */
  counter?: { idRequired: boolean } | undefined;
  lines: { currency: string; rate: string; gbpMinor: number; foreignMinor: number }[];
  /** Click & Collect with the buy-back guarantee: its fee, paid with the order's sterling (docs/features/buyback-guarantee.md). */
  buybackFeeMinor?: number | undefined;
};

/** One currency of a Click & Sell handover: ordered and received, and the sterling for each. */
export type ReceivedCurrency = {
  currency: string;
  orderedMinor: number;
  receivedMinor: number;
  /** By denomination, largest first; empty for a currency whose notes are not in the table. */
  notes: NoteCount[];
  gbpOrderedMinor: number;
  gbpPaidMinor: number;
};

/** What a valid handover records. */
export type HandoverRecord = {
  /** Null only on a walk-in trade below COUNTER_ID_FROM_GBP where no document was shown. */
  idType: IdDocumentType | null;
  idNumberLast4: string | null;
  idExpiresOn: string | null;
  /** Click & Collect only (null for a sale). */
  cardMatchesName: boolean | null;
  /** Enhanced due diligence only. */
  address: string | null;
  dateOfBirth: string | null;
  /** Click & Sell only (null for Click & Collect). */
  received: ReceivedCurrency[] | null;
  differenceReason: string | null;
  /** The order's sterling as settled: paid by the customer (Collect), or paid to the customer for what was received (Sell). */
  gbpMinor: number;
  /** How that sterling was paid (its amount is gbpMinor). */
  paymentMethod: TillPaymentMethod;
};

export type HandoverCheck =
  | { ok: true; record: HandoverRecord }
  | { ok: false; message: string; fields: Record<string, string> };

export const HANDOVER_MESSAGES = {
  missing: "Record the handover to complete this order: the customer's ID and what was handed over.",
  idType: "Choose the type of ID checked",
  idNumberLast4: "Enter the last 4 letters or digits of the document's number",
  idExpiresOn: "Enter the document's expiry date",
  cardMatchesName: "Tick that the payment card matches the name on the ID",
  address: "Enter the customer's full address, with the postcode",
  dateOfBirth: "Enter the customer's date of birth (a real date, not in the future)",
  nothingReceived: "Nothing was received: cancel the order rather than complete it.",
  paymentMethodCollect: "Choose how the customer paid: cash or card",
  paymentMethodSell: "Choose how the customer was paid: cash or card",
} as const;

function paymentMethodMessage(way: Way): string {
  return way === "Order" ? HANDOVER_MESSAGES.paymentMethodCollect : HANDOVER_MESSAGES.paymentMethodSell;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written YYYY-MM-DD. */
export function isIsoDay(text: string): boolean {
  if (!ISO_DAY.test(text)) return false;
  const parsed = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === text;
}

/** "2026-11-21" → "November 21st, 2026" (the spec's date format; a calendar day has no zone). */
export function longDay(isoDay: string): string {
  return displayDates("UTC").longDate(`${isoDay}T12:00:00Z`);
}

/** Today's calendar day in the bureau's time zone (DISPLAY_TIME_ZONE), the day documents are checked against. */
export function todayIn(timeZone: string, now: Date): string {
  return displayDates(timeZone).day(now);
}

/** The notes a sale's currency starts filled with: the order's exact amount split into the largest notes. */
export function expectedNotes(currency: string, orderedMinor: number): NoteCount[] {
  const denominations = noteDenominations(currency);
  if (!denominations) return [];
  return splitIntoNotes(
    orderedMinor,
    denominations.map((valueMinor) => ({ valueMinor, count: Number.POSITIVE_INFINITY })),
  ).notes;
}

/** A sale's currencies: lines of one currency together, in the order's order. */
export function saleCurrencies(order: HandoverOrder): { currency: string; orderedMinor: number; gbpMinor: number }[] {
  const byCurrency = new Map<string, { currency: string; orderedMinor: number; gbpMinor: number }>();
  for (const line of order.lines) {
    const seen = byCurrency.get(line.currency) ?? { currency: line.currency, orderedMinor: 0, gbpMinor: 0 };
    seen.orderedMinor += line.foreignMinor;
    seen.gbpMinor += line.gbpMinor;
    byCurrency.set(line.currency, seen);
  }
  return [...byCurrency.values()];
}

/**
 * The sterling for `receivedMinor` of a currency: its lines take what was received in order, each at
 * its own locked rate; a line that received its whole amount keeps its own sterling exactly.
 */
export function gbpForReceived(lines: HandoverOrder["lines"], receivedMinor: number): number {
  let rest = receivedMinor;
  let gbp = 0;
  for (const line of lines) {
    const taken = Math.min(rest, line.foreignMinor);
    rest -= taken;
    gbp += taken === line.foreignMinor ? line.gbpMinor : sellGbpMinorFor(taken, line.rate, line.currency);
  }
  return gbp;
}

/** Checks a handover against the order and today's date; answers the record to store, or what is wrong. */
export function checkHandover(
  order: HandoverOrder,
  input: HandoverInput | null | undefined,
  today: string,
): HandoverCheck {
  if (!input) {
    const fields: Record<string, string> = {
      idType: HANDOVER_MESSAGES.idType,
      idNumberLast4: HANDOVER_MESSAGES.idNumberLast4,
      idExpiresOn: HANDOVER_MESSAGES.idExpiresOn,
    };
    if (order.way === "Order") fields.cardMatchesName = HANDOVER_MESSAGES.cardMatchesName;
    fields["payment.method"] = paymentMethodMessage(order.way);
    return { ok: false, message: HANDOVER_MESSAGES.missing, fields };
  }
  const fields: Record<string, string> = {};
  const id = checkIdDocument(order, input, today, fields);
  const cardChecked = order.way === "Order" && (order.counter === undefined || input.payment?.method === "card");
  if (cardChecked && input.cardMatchesName !== true) fields.cardMatchesName = HANDOVER_MESSAGES.cardMatchesName;

  let address: string | null = null;
  let dateOfBirth: string | null = null;
  if (order.enhancedDueDiligence) {
    address = (input.address ?? "").trim();
    if (address.length < 10 || address.length > 300) fields.address = HANDOVER_MESSAGES.address;
    dateOfBirth = (input.dateOfBirth ?? "").trim();
    if (!isIsoDay(dateOfBirth) || dateOfBirth < "1900-01-01" || dateOfBirth > today) {
      fields.dateOfBirth = HANDOVER_MESSAGES.dateOfBirth;
    }
  }

  const sale = order.way === "Sell" ? checkReceived(order, input, fields) : null;
  const received = sale?.received ?? null;
  const differenceReason = sale?.differenceReason ?? null;
  const gbpMinor =
    sale?.gbpMinor ?? order.lines.reduce((sum, line) => sum + line.gbpMinor, 0) + (order.buybackFeeMinor ?? 0);
  const paymentMethod = checkPayment(order.way, input.payment, gbpMinor, fields);

  const problems = Object.values(fields);
  if (problems.length > 0 || !id || !paymentMethod) {
    // The first problem in words (for a toast or an API client); every field's own message beside it.
    return { ok: false, message: `${problems[0] ?? HANDOVER_MESSAGES.idType}.`, fields };
  }
  return {
    ok: true,
    record: {
      ...id,
      cardMatchesName: cardChecked ? true : null,
      address,
      dateOfBirth,
      received,
      differenceReason,
      gbpMinor,
      paymentMethod,
    },
  };
}

type IdRecorded = Pick<HandoverRecord, "idType" | "idNumberLast4" | "idExpiresOn">;

/**
 * The document checked, or null with its problems in `fields`. A walk-in trade below the counter's ID
 * threshold may record none (all three fields left empty); a document given is checked all the same.
 */
function checkIdDocument(
  order: HandoverOrder,
  input: HandoverInput,
  today: string,
  fields: Record<string, string>,
): IdRecorded | null {
  const last4 = (input.idNumberLast4 ?? "").trim().toUpperCase();
  const expiresOn = (input.idExpiresOn ?? "").trim();
  const given = Boolean(input.idType) || last4 !== "" || expiresOn !== "";
  if (order.counter && !order.counter.idRequired && !given) {
    return { idType: null, idNumberLast4: null, idExpiresOn: null };
  }
  const idType = ID_DOCUMENT_TYPES.find((type) => type === input.idType);
  if (!idType) fields.idType = HANDOVER_MESSAGES.idType;
  if (!/^[A-Z0-9]{4}$/.test(last4)) fields.idNumberLast4 = HANDOVER_MESSAGES.idNumberLast4;
  if (!isIsoDay(expiresOn) || expiresOn < "1900-01-01") fields.idExpiresOn = HANDOVER_MESSAGES.idExpiresOn;
  else if (expiresOn < today) {
    fields.idExpiresOn = `This document expired on ${longDay(expiresOn)}: an expired document cannot be accepted`;
  }
  if (!idType || fields.idNumberLast4 || fields.idExpiresOn) return null;
  return { idType, idNumberLast4: last4, idExpiresOn: expiresOn };
}

/**
 * The payment's method, or undefined with the problem in `fields`. An amount given must be the
 * order's settled sterling: anything else means the money and the order disagree.
 */
function checkPayment(
  way: Way,
  payment: HandoverInput["payment"],
  gbpMinor: number,
  fields: Record<string, string>,
): TillPaymentMethod | undefined {
  const method = TILL_PAYMENT_METHODS.find((m) => m === payment?.method);
  if (!method) fields["payment.method"] = paymentMethodMessage(way);
  const amount = payment?.amountMinor;
  if (amount !== undefined && amount !== gbpMinor) {
    fields["payment.amountMinor"] =
      `The payment must be the order's sterling, ${formatMinor(gbpMinor, "GBP")}${way === "Order" ? "" : " for what was received"}`;
  }
  return method;
}

/**
 * What a sale's handover received of each currency, the sterling that pays for it, and the reason
 * recorded where it differs from the order. Problems go into `fields`, under `received.<currency>`,
 * `received` and `differenceReason`.
 */
function checkReceived(
  order: HandoverOrder,
  input: HandoverInput,
  fields: Record<string, string>,
): { received: ReceivedCurrency[]; differenceReason: string | null; gbpMinor: number } {
  const received: ReceivedCurrency[] = [];
  let differs = false;
  for (const sale of saleCurrencies(order)) {
    const key = `received.${sale.currency}`;
    const entry = input.received?.find((r) => r.currency.trim().toUpperCase() === sale.currency);
    const counted = readReceived(sale.currency, entry, fields, key);
    if (counted === null || fields[key]) continue;
    const { receivedMinor, notes } = counted;
    if (receivedMinor > sale.orderedMinor) {
      fields[key] =
        `${formatMinor(receivedMinor, sale.currency)} is more than the order's ${formatMinor(sale.orderedMinor, sale.currency)}: ` +
        "hand back the extra notes (the order was agreed for its amount)";
      continue;
    }
    if (receivedMinor !== sale.orderedMinor) differs = true;
    received.push({
      currency: sale.currency,
      orderedMinor: sale.orderedMinor,
      receivedMinor,
      notes,
      gbpOrderedMinor: sale.gbpMinor,
      gbpPaidMinor: gbpForReceived(
        order.lines.filter((line) => line.currency === sale.currency),
        receivedMinor,
      ),
    });
  }
  let differenceReason: string | null = null;
  const reason = (input.differenceReason ?? "").trim();
  if (differs) {
    if (reason.length < 5 || reason.length > 500) {
      fields.differenceReason =
        "The notes received differ from the order: record the difference (what the customer brought, and why)";
    } else differenceReason = reason;
  }
  if (received.length > 0 && received.every((r) => r.receivedMinor === 0)) {
    fields.received = HANDOVER_MESSAGES.nothingReceived;
  }
  return { received, differenceReason, gbpMinor: received.reduce((sum, r) => sum + r.gbpPaidMinor, 0) };
}

/**
 * One currency as received: from the notes counted where the currency has a table of notes, else from
 * the amount. Null where nothing usable was given (the problem is then in `fields[key]`); a note count
 * with a problem still gives its total, with the problem in `fields[key]`.
 */
function readReceived(
  currency: string,
  entry: NonNullable<HandoverInput["received"]>[number] | undefined,
  fields: Record<string, string>,
  key: string,
): { receivedMinor: number; notes: NoteCount[] } | null {
  if (!entry) {
    fields[key] = `Enter what was received in ${currency}`;
    return null;
  }
  const denominations = noteDenominations(currency);
  if (denominations) {
    const counts = new Map<number, number>();
    for (const note of entry.notes ?? []) {
      if (!denominations.includes(note.valueMinor)) {
        fields[key] = `${formatMinor(note.valueMinor, currency)} is not a ${currency} note`;
      } else if (!Number.isSafeInteger(note.count) || note.count < 0 || note.count > 100_000) {
        fields[key] = "Each count must be a whole number from 0";
      } else counts.set(note.valueMinor, (counts.get(note.valueMinor) ?? 0) + note.count);
    }
    const notes = denominations
      .filter((value) => (counts.get(value) ?? 0) > 0)
      .map((valueMinor) => ({ valueMinor, count: counts.get(valueMinor)! }));
    return { receivedMinor: notes.reduce((sum, note) => sum + note.valueMinor * note.count, 0), notes };
  }
  if (!Number.isSafeInteger(entry.amountMinor) || (entry.amountMinor ?? -1) < 0) {
    fields[key] = `Enter the amount of ${currency} received`;
    return null;
  }
  return { receivedMinor: entry.amountMinor!, notes: [] };
}
