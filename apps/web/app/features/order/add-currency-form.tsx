import { useId, useState } from "react";
import type { Way } from "@bureau/domain/constants";
import type { Currency } from "@bureau/domain/contracts/reference-data";
import { minorToMajorString, parseMajorToMinor } from "@bureau/domain/money";
import { type OrderLimits, orderLimitMessage, orderLimitProblem } from "@bureau/domain/order-limits";
import { quote } from "@bureau/domain/pricing";
import {
  isWholeNotesAmount,
  nearestSellAmounts,
  quoteInWholeNotes,
  sellNotesHint,
  sellNotesMessage,
} from "@bureau/domain/whole-notes";
import { formatNotes, noteSplitText } from "@bureau/domain/note-text";
import { useToast } from "../../components/ui/toast.tsx";
import type { Quote } from "@bureau/domain/contracts/orders";
import { addLineToCart, type QuoteRequester } from "../cart/cart-store.ts";
import { useQuoteRequester } from "../cart/use-quote-requester.ts";

type Typed = { side: "gbp" | "foreign"; text: string };

type PreviewCurrency = Pick<Currency, "code" | "collectRate" | "sellRate" | "smallestNoteMinor">;

/**
 * A preview with the published rate; the server's quote is what counts, and it uses the same rule
 * (quoteInWholeNotes): Click & Collect in notes with the rest back in sterling, Click & Sell in whole notes.
 * A Click & Sell amount that is not whole notes is previewed as typed (the form offers the nearest).
 */
export function previewAmounts(way: Way, currency: PreviewCurrency, typed: Typed) {
  const rate = way === "Order" ? currency.collectRate : currency.sellRate;
  const minor = parseMajorToMinor(typed.text, typed.side === "gbp" ? "GBP" : currency.code);
  if (minor === null || minor <= 0) return null;
  const amount = typed.side === "gbp" ? { gbpMinor: minor } : { foreignMinor: minor };
  const result = quoteInWholeNotes({
    way,
    rate,
    currency: currency.code,
    smallestNoteMinor: currency.smallestNoteMinor,
    ...amount,
  });
  if (result.ok) return { ...result, typedMinor: minor };
  if (result.reason !== "not_whole_notes") return null;
  const typedSale = quote({ way, rate, currency: currency.code, foreignMinor: minor });
  return typedSale.ok ? { ...typedSale, sterlingBackMinor: 0, typedMinor: minor } : null;
}

export function AddCurrencyForm({
  way,
  currencies,
  defaultCode,
  orderLimits,
  onAdded,
  buybackToken,
}: {
  way: Way;
  currencies: Pick<Currency, "code" | "label" | "collectRate" | "sellRate" | "smallestNoteMinor">[];
  defaultCode: string;
  orderLimits: OrderLimits;
  onAdded: () => void;
  /** A sale under a buy-back guarantee: the guaranteed order's link token (docs/features/buyback-guarantee.md). */
  buybackToken?: string | undefined;
}) {
  const id = useId();
  const toast = useToast();
  const [code, setCode] = useState(defaultCode);
  const [typed, setTyped] = useState<Typed>({ side: "gbp", text: "" });
  const [busy, setBusy] = useState(false);
  const currency = currencies.find((c) => c.code === code) ?? currencies[0];
  const { requestQuote } = useQuoteRequester(currency?.code ?? defaultCode, way);
  if (!currency) return null;
  const preview = previewAmounts(way, currency, typed);
  const gbpValue = typed.side === "gbp" ? typed.text : preview ? minorToMajorString(preview.gbpMinor, "GBP") : "";
  const foreignValue =
    typed.side === "foreign" ? typed.text : preview ? minorToMajorString(preview.foreignMinor, currency.code) : "";
  const gbpLabel = way === "Order" ? "You pay (GBP)" : "You get (GBP)";
  // A Click & Sell amount that is not whole notes: the nearest that are, offered to pick.
  const offered =
    way === "Sell" && preview && !isWholeNotesAmount(preview.foreignMinor, currency.smallestNoteMinor)
      ? nearestSellAmounts(preview.foreignMinor, currency.smallestNoteMinor)
      : null;
  const foreignLabel = way === "Order" ? `You get (${currency.code})` : `You sell (${currency.code})`;

  async function add(event: React.FormEvent) {
    event.preventDefault();
    const minor = parseMajorToMinor(typed.text, typed.side === "gbp" ? "GBP" : currency!.code);
    const problem = lineProblem(way, currency!, minor, preview, orderLimits);
    if (problem || minor === null) {
      toast.error(problem ?? "Please give correct amount");
      return;
    }
    setBusy(true);
    const amount = typed.side === "gbp" ? { gbpMinor: minor } : { foreignMinor: minor };
    const result = buybackToken
      ? await addGuaranteedSale(code, preview?.foreignMinor ?? minor, buybackToken, requestQuote)
      : await addLineToCart({ currency: code, way, ...amount }, requestQuote);
    setBusy(false);
    if (!result.ok) {
      toast.error(result.message);
      return;
    }
    setTyped({ side: typed.side, text: "" });
    onAdded();
  }

  return (
    <form className="add-currency-form" onSubmit={add} noValidate aria-label="Add currency">
      <div className="field">
        <label htmlFor={`${id}-currency`}>Currency</label>
        <select id={`${id}-currency`} value={code} onChange={(e) => setCode(e.target.value)}>
          {currencies.map((c) => (
            <option key={c.code} value={c.code}>
              {c.code} – {c.label}
            </option>
          ))}
        </select>
      </div>
      <AmountInput
        id={`${id}-gbp`}
        label={gbpLabel}
        step="0.01"
        value={gbpValue}
        onChange={(text) => setTyped({ side: "gbp", text })}
      />
      <AmountInput
        id={`${id}-foreign`}
        label={foreignLabel}
        step="any"
        value={foreignValue}
        onChange={(text) => setTyped({ side: "foreign", text })}
      />
      <RateHint way={way} currency={currency} preview={preview} typedSide={typed.side} />
      {way === "Sell" ? (
        <SellNotesHint
          currency={currency}
          offered={offered}
          onPick={(amount) => setTyped({ side: "foreign", text: minorToMajorString(amount, currency.code) })}
        />
      ) : null}
      <button type="submit" className="button button-primary" disabled={busy}>
        Add
      </button>
    </form>
  );
}

/** Why the typed amount cannot be added as a line, or null when it can. */
function lineProblem(
  way: Way,
  currency: PreviewCurrency,
  minor: number | null,
  preview: ReturnType<typeof previewAmounts>,
  orderLimits: OrderLimits,
): string | null {
  if (minor === null || minor <= 0) return "Please give correct amount";
  // Beyond any single line's reach (the preview refuses it): for Click & Collect the order maximum.
  if (!preview)
    return way === "Order" ? orderLimitMessage("above_order_maximum", orderLimits) : "Please give correct amount";
  // Click & Sell takes whole notes only: said here, with the nearest amounts offered below the fields.
  if (way === "Sell" && !isWholeNotesAmount(preview.foreignMinor, currency.smallestNoteMinor)) {
    return sellNotesMessage(currency.code, preview.foreignMinor, currency.smallestNoteMinor);
  }
  // The line's own limits at once; the server checks them again with the basket.
  const problem = orderLimitProblem({ way, lineGbpMinor: preview.gbpMinor }, orderLimits);
  return problem ? orderLimitMessage(problem, orderLimits) : null;
}

/** The rate, and for Click & Collect what the amount comes to in notes (rounded up to the next £10). */
function RateHint({
  way,
  currency,
  preview,
  typedSide,
}: {
  way: Way;
  currency: PreviewCurrency;
  preview: ReturnType<typeof previewAmounts>;
  typedSide: Typed["side"];
}) {
  return (
    <p className="hint" aria-live="polite">
      Rate: 1 GBP = {way === "Order" ? currency.collectRate : currency.sellRate} {currency.code}
      {way === "Order" && preview && typedSide === "gbp" && preview.gbpMinor !== preview.typedMinor
        ? ` · Click & Collect amounts are rounded up to the next £10: you pay £${minorToMajorString(preview.gbpMinor, "GBP")}`
        : ""}
      {way === "Order" && preview
        ? ` · You get ${noteSplitText(preview.foreignMinor, preview.sterlingBackMinor, currency.code)}`
        : ""}
    </p>
  );
}

/** Click & Sell: whole notes only, and the nearest amounts that are, to pick. */
function SellNotesHint({
  currency,
  offered,
  onPick,
}: {
  currency: PreviewCurrency;
  offered: number[] | null;
  onPick: (amountMinor: number) => void;
}) {
  return (
    <div className="hint">
      <p>{sellNotesHint(currency.code, currency.smallestNoteMinor)}</p>
      {offered ? (
        <p>
          Nearest amounts:{" "}
          {offered.map((amount) => (
            <button key={amount} type="button" className="button button-small" onClick={() => onPick(amount)}>
              Sell {formatNotes(amount, currency.code)}
            </button>
          ))}
        </p>
      ) : null}
    </div>
  );
}

function AmountInput({
  id,
  label,
  step,
  value,
  onChange,
}: {
  id: string;
  label: string;
  step: string;
  value: string;
  onChange: (text: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        min={0}
        step={step}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

/**
 * A sale under a buy-back guarantee: the line the server prices from the guaranteed order (the whole notes
 * up to what is left, at the original rate), then, for what goes beyond it, an ordinary line at today's rate.
 */
async function addGuaranteedSale(
  currency: string,
  foreignMinor: number,
  buybackToken: string,
  requestQuote: QuoteRequester,
): Promise<{ ok: true } | { ok: false; message: string }> {
  let guaranteed: Quote | null = null;
  const result = await addLineToCart({ currency, way: "Sell", foreignMinor }, async (ask) => {
    const outcome = await requestQuote({ ...ask, buybackToken });
    if (outcome.ok) guaranteed = outcome.value;
    return outcome;
  });
  if (!result.ok) return result;
  const restMinor = (guaranteed as Quote | null)?.buyback?.restMinor ?? 0;
  if (restMinor === 0) return { ok: true };
  return addLineToCart({ currency, way: "Sell", foreignMinor: restMinor }, requestQuote);
}
