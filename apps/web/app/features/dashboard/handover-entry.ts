import { useState } from "react";
import type { OrderDetails } from "@bureau/domain/contracts/dashboard";
import { noteDenominations } from "@bureau/domain/denominations";
import {
  expectedNotes,
  gbpForReceived,
  type HandoverInput,
  type HandoverOrder,
  saleCurrencies,
} from "@bureau/domain/handover";
import { minorToMajorString, parseMajorToMinor } from "@bureau/domain/money";

export const rulesOrder = (order: OrderDetails): HandoverOrder => ({
  way: order.way,
  enhancedDueDiligence: order.compliance.enhancedDueDiligence,
  lines: order.lines.map((line) => ({
    currency: line.currency,
    rate: line.rate,
    gbpMinor: line.gbpMinor,
    foreignMinor: line.foreignMinor,
  })),
  buybackFeeMinor: order.buybackFeeMinor ?? 0,
});

/** A typed count: empty is none; anything but a whole number is passed on for the rules to refuse. */
const countOf = (text: string) =>
  text.trim() === "" ? 0 : /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;

/**
 * What staff have entered at the handover so far, as the domain's HandoverInput, with the running tally
 * of a sale: each currency's notes (or amount) received against the order, the sterling that pays for
 * it at the order's locked rate, and whether anything differs from the order.
 */
export function useHandoverEntry(order: OrderDetails) {
  const rules = rulesOrder(order);
  const sales = order.way === "Sell" ? saleCurrencies(rules) : [];

  const [idType, setIdType] = useState("");
  const [last4, setLast4] = useState("");
  const [expiresOn, setExpiresOn] = useState("");
  const [cardMatches, setCardMatches] = useState(false);
  const [address, setAddress] = useState("");
  const [dateOfBirth, setDateOfBirth] = useState("");
  const [reason, setReason] = useState("");
  // The sterling payment (issue 33): how, and how much; the amount follows the order's sterling (a sale's,
  // what its received notes pay) until staff type their own.
  const [paymentMethod, setPaymentMethod] = useState("");
  const [paymentText, setPaymentText] = useState<string | null>(null);
  // Each sale currency starts with the order's exact amount: its notes, or the amount where notes are unknown.
  const [counts, setCounts] = useState<Record<string, Record<number, string>>>(() =>
    Object.fromEntries(
      sales.map((sale) => [
        sale.currency,
        Object.fromEntries(
          expectedNotes(sale.currency, sale.orderedMinor).map((note) => [note.valueMinor, String(note.count)]),
        ),
      ]),
    ),
  );
  const [amounts, setAmounts] = useState<Record<string, string>>(() =>
    Object.fromEntries(sales.map((sale) => [sale.currency, minorToMajorString(sale.orderedMinor, sale.currency)])),
  );

  const received = sales.map((sale) => {
    const denominations = noteDenominations(sale.currency);
    if (!denominations)
      return {
        currency: sale.currency,
        amountMinor: parseMajorToMinor(amounts[sale.currency] ?? "", sale.currency) ?? -1,
      };
    return {
      currency: sale.currency,
      notes: denominations.map((valueMinor) => ({
        valueMinor,
        count: countOf(counts[sale.currency]?.[valueMinor] ?? ""),
      })),
    };
  });
  const tally = tallyOf(rules, sales, received);
  const differs = tally.some((t) => t.receivedMinor !== t.orderedMinor);
  const payable = tally.every((t) => t.gbpPaidMinor !== null)
    ? tally.reduce((sum, t) => sum + (t.gbpPaidMinor ?? 0), 0)
    : null;
  // Click & Collect: the order's sterling and the buy-back guarantee's fee, paid together.
  const sterlingDue =
    order.way === "Sell" ? (payable ?? order.totalGbpMinor) : order.totalGbpMinor + (order.buybackFeeMinor ?? 0);
  const paymentAmount = paymentText ?? minorToMajorString(sterlingDue, "GBP");
  const input: HandoverInput = {
    idType,
    idNumberLast4: last4,
    idExpiresOn: expiresOn,
    ...(order.way === "Order" ? { cardMatchesName: cardMatches } : {}),
    ...(order.compliance.enhancedDueDiligence ? { address, dateOfBirth } : {}),
    ...(order.way === "Sell" ? { received, differenceReason: reason } : {}),
    payment: {
      ...(paymentMethod ? { method: paymentMethod } : {}),
      amountMinor: parseMajorToMinor(paymentAmount, "GBP") ?? -1,
    },
  };

  return {
    rules,
    input,
    tally,
    differs,
    payable,
    idCheck: { idType, setIdType, last4, setLast4, expiresOn, setExpiresOn },
    cardMatches,
    setCardMatches,
    enhanced: { address, setAddress, dateOfBirth, setDateOfBirth },
    reason,
    setReason,
    payment: { method: paymentMethod, setMethod: setPaymentMethod, amount: paymentAmount, setAmount: setPaymentText },
    notes: {
      counts,
      amounts,
      setCount: (currency: string, valueMinor: number, text: string) =>
        setCounts((all) => ({ ...all, [currency]: { ...all[currency], [valueMinor]: text } })),
      setAmount: (currency: string, text: string) => setAmounts((all) => ({ ...all, [currency]: text })),
    },
  };
}

export type HandoverEntry = ReturnType<typeof useHandoverEntry>;

/** A sale's running tally: each currency's notes (or amount) received, and the sterling that pays for it. */
function tallyOf(
  rules: HandoverOrder,
  sales: ReturnType<typeof saleCurrencies>,
  received: NonNullable<HandoverInput["received"]>,
) {
  return sales.map((sale, i) => {
    const entry = received[i]!;
    const receivedMinor = entry.notes
      ? entry.notes.reduce((sum, n) => sum + n.valueMinor * (Number.isSafeInteger(n.count) ? n.count : 0), 0)
      : Math.max(entry.amountMinor ?? 0, 0);
    const lines = rules.lines.filter((line) => line.currency === sale.currency);
    return {
      ...sale,
      receivedMinor,
      gbpPaidMinor: receivedMinor <= sale.orderedMinor ? gbpForReceived(lines, receivedMinor) : null,
    };
  });
}
