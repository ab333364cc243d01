import { type FormEvent, useId, useState } from "react";
import { href, Link, useNavigate } from "react-router";
import { BASE_CURRENCY, DEFAULT_CURRENCY, WAY_TITLES, WAYS, type Way } from "@bureau/domain/constants";
import { formatMinor, minorToMajorString } from "@bureau/domain/money";
import { type OrderLimits, orderLimitMessage, orderLimitProblem } from "@bureau/domain/order-limits";
import { useToast } from "../../components/ui/toast.tsx";
import { addLineToCart } from "../cart/cart-store.ts";
import { useQuoteRequester } from "../cart/use-quote-requester.ts";
import { CurrencyPicker } from "./currency-picker.tsx";
import type { RatesView } from "./display-format.ts";
import type { RateRow } from "./rates-list.tsx";
import { RatesUpdated } from "./rates-updated.tsx";
import { useTabs } from "./use-tabs.ts";
import { type Priced, priceTyped, type Side, type Typed, tooLargeMessage } from "./widget-engine.ts";

const BUTTON_CAPTIONS: Record<Way, string> = { Order: "Order Now", Sell: "Sell Now" };

/** The order page of spec §2: /purchase/{code}/Order or /purchase/{code}/Sell. */
function orderPage(code: string, way: Way): string {
  return href("/purchase/:currencyParams/:currentWay", { currencyParams: code, currentWay: way });
}

/**
 * The home page's exchange widget (spec §2, §5): two tabs, Click & Collect and Click & Sell, EUR by
 * default. The customer types either amount and sees the other; a valid amount becomes a server
 * quote in the cart and opens the order page.
 */
export function ExchangeWidget({
  currencies,
  rates,
  orderLimits,
}: {
  currencies: readonly RateRow[];
  /** How old the rates are: dated when not fresh, and why quotes are refused while paused (docs/features/rates-say-how-old-they-are.md). */
  rates: RatesView;
  orderLimits: OrderLimits;
}) {
  const [way, setWay] = useState<Way>("Order");
  const [code, setCode] = useState<string>(
    currencies.some((currency) => currency.code === DEFAULT_CURRENCY) ? DEFAULT_CURRENCY : (currencies[0]?.code ?? ""),
  );
  const [typed, setTyped] = useState<Typed>({ side: "gbp", text: "" });
  const tabs = useTabs(WAYS, way, setWay);
  const id = useId();
  const currency = currencies.find((entry) => entry.code === code);
  const { busy, onSubmit } = useOrderNow({ code, currency, way, typed, orderLimits });

  if (!currency) return null;
  const priced = priceTyped(typed, way, currency);
  const quoted = priced.result?.ok ? priced.result : null;

  const shown = (side: Side): string => {
    if (typed.side === side) return typed.text;
    if (!quoted) return "";
    return side === "gbp"
      ? minorToMajorString(quoted.gbpMinor, BASE_CURRENCY)
      : minorToMajorString(quoted.foreignMinor, currency.code);
  };

  return (
    <section className="exchange-widget" aria-labelledby={`${id}-title`}>
      <h2 className="visually-hidden" id={`${id}-title`}>
        Exchange calculator
      </h2>
      <div className="widget-tabs" role="tablist" aria-label="Exchange type">
        {WAYS.map((value) => (
          <button key={value} className="widget-tab" {...tabs.tabProps(value)}>
            {WAY_TITLES[value]}
          </button>
        ))}
      </div>
      <div {...tabs.panelProps}>
        <form
          className="widget-form"
          method="get"
          action={orderPage(currency.code, way)}
          noValidate
          onSubmit={onSubmit}
        >
          <CurrencyPicker currencies={currencies} value={currency.code} onChange={setCode} label="Currency" />
          <WidgetRate way={way} currency={currency} rates={rates} />
          <AmountFields
            id={id}
            fields={amountFields(way, currency.code)}
            shown={shown}
            onType={(side, text) => setTyped({ side, text })}
          />
          <WidgetSummary
            id={`${id}-summary`}
            text={widgetSummary({ way, typed, priced, currencyCode: currency.code, orderLimits })}
            aboveMaximum={way === "Order" ? orderLimitMessage("above_order_maximum", orderLimits) : null}
          />
          <button type="submit" className="button button-primary widget-submit" aria-disabled={busy}>
            {BUTTON_CAPTIONS[way]}
          </button>
        </form>
      </div>
    </section>
  );
}

type AmountField = { side: Side; label: string; code: string };

/** Click & Collect: the customer pays pounds and gets the currency; Click & Sell: the other way round. */
function amountFields(way: Way, code: string): AmountField[] {
  return way === "Order"
    ? [
        { side: "gbp", label: "You pay", code: BASE_CURRENCY },
        { side: "foreign", label: "You get", code },
      ]
    : [
        { side: "foreign", label: "You sell", code },
        { side: "gbp", label: "You get", code: BASE_CURRENCY },
      ];
}

function WidgetRate({ way, currency, rates }: { way: Way; currency: RateRow; rates: RatesView }) {
  return (
    <>
      <p className="widget-rate">
        Our rate: 1 {BASE_CURRENCY} = {way === "Order" ? currency.collectRate : currency.sellRate} {currency.code}{" "}
        <span className="widget-vs-market">({way === "Order" ? currency.collectVsMarket : currency.sellVsMarket})</span>
      </p>
      {rates.live && !rates.paused ? null : <RatesUpdated view={rates} />}
    </>
  );
}

/** The two amounts, either typed; each is described by the summary below them. */
function AmountFields({
  id,
  fields,
  shown,
  onType,
}: {
  id: string;
  fields: AmountField[];
  shown: (side: Side) => string;
  onType: (side: Side, text: string) => void;
}) {
  return (
    <div className="widget-amounts">
      {fields.map((field) => (
        <div className="widget-field" key={field.side}>
          <label className="widget-label" htmlFor={`${id}-${field.side}`}>
            {field.label} ({field.code})
          </label>
          <div className="widget-input">
            <input
              id={`${id}-${field.side}`}
              name={field.side === "gbp" ? "gbp" : "amount"}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.00"
              value={shown(field.side)}
              aria-describedby={`${id}-summary`}
              onChange={(event) => onType(field.side, event.target.value)}
            />
            <span className="widget-input-code" aria-hidden="true">
              {field.code}
            </span>
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * The line under the amounts. Above the Click & Collect maximum it says whom to call: the spec's words,
 * then the branches' page with their phone numbers.
 */
function WidgetSummary({ id, text, aboveMaximum }: { id: string; text: string; aboveMaximum: string | null }) {
  return (
    <p className="widget-summary" id={id} aria-live="polite">
      {text}
      {text === aboveMaximum ? (
        <>
          : <Link to="/branches">our branches and their phone numbers</Link>
        </>
      ) : null}
    </p>
  );
}

/** Above the Click & Collect order maximum, the product's words; Click & Sell keeps the per-line limit. */
function tooLargeText(way: Way, orderLimits: OrderLimits): string {
  return way === "Order" ? orderLimitMessage("above_order_maximum", orderLimits) : tooLargeMessage();
}

/** The line under the amounts: what the typed amount comes to, or why it cannot be ordered. */
function widgetSummary({
  way,
  typed,
  priced,
  currencyCode,
  orderLimits,
}: {
  way: Way;
  typed: Typed;
  priced: Priced;
  currencyCode: string;
  orderLimits: OrderLimits;
}): string {
  const quoted = priced.result?.ok ? priced.result : null;
  const tooLarge = priced.result?.ok === false && priced.result.reason === "amount_too_large";
  const limitProblem = quoted ? orderLimitProblem({ way, lineGbpMinor: quoted.gbpMinor }, orderLimits) : null;
  const roundedUp = way === "Order" && quoted && typed.side === "gbp" && quoted.gbpMinor !== priced.typedMinor;
  if (limitProblem) return orderLimitMessage(limitProblem, orderLimits);
  if (quoted) {
    const gbp = formatMinor(quoted.gbpMinor, BASE_CURRENCY);
    const foreign = formatMinor(quoted.foreignMinor, currencyCode);
    const text = way === "Order" ? `You pay ${gbp} and collect ${foreign}.` : `You sell ${foreign} and get ${gbp}.`;
    return roundedUp ? `${text} Click & Collect amounts go up to the next £10.` : text;
  }
  if (tooLarge) return tooLargeText(way, orderLimits);
  if (typed.text.trim() !== "") return "Enter an amount above 0, for example 250 or 99.50.";
  return way === "Order" ? "Click & Collect amounts go up to the next £10." : "We buy back banknotes only, not coins.";
}

/**
 * Order Now / Sell Now: the typed amount priced, checked against the order limits and added to the cart
 * as a server quote, then the order page; a wrong amount still opens the order page (spec §5).
 */
function useOrderNow({
  code,
  currency,
  way,
  typed,
  orderLimits,
}: {
  code: string;
  currency: RateRow | undefined;
  way: Way;
  typed: Typed;
  orderLimits: OrderLimits;
}) {
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const toast = useToast();
  // The quote is asked of the order page the widget is about to open.
  const { requestQuote } = useQuoteRequester(code || DEFAULT_CURRENCY, way);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !currency) return;
    const target = orderPage(currency.code, way);
    setBusy(true);
    try {
      const { typedMinor, result } = priceTyped(typed, way, currency);
      if (typedMinor === null || !result?.ok) {
        if (result?.ok === false && result.reason === "amount_too_large") {
          toast.error(tooLargeText(way, orderLimits));
          return;
        }
        // Spec §5: the message, and the customer still goes to the order page.
        toast.error("Please give correct amount");
        navigate(target);
        return;
      }
      const problem = orderLimitProblem({ way, lineGbpMinor: result.gbpMinor }, orderLimits);
      if (problem) {
        toast.error(orderLimitMessage(problem, orderLimits));
        return;
      }
      const added = await addLineToCart(
        typed.side === "gbp"
          ? { currency: currency.code, way, gbpMinor: typedMinor }
          : { currency: currency.code, way, foreignMinor: typedMinor },
        requestQuote,
      );
      if (added.ok) navigate(target);
      else toast.error(added.message);
    } catch {
      toast.error("Something went wrong");
    } finally {
      setBusy(false);
    }
  }

  return { busy, onSubmit };
}
