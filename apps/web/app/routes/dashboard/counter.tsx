import { useId, useRef, useState } from "react";
import { Form, Link } from "react-router";
import type { CounterTradeRequest, CounterTradeResult, CounterView } from "@bureau/domain/contracts/counter";
import { COUNTER_WAY_LABELS } from "@bureau/domain/counter-trade";
import { ID_DOCUMENT_LABELS, ID_DOCUMENT_TYPES } from "@bureau/domain/handover";
import { currencyExponent, formatMinor } from "@bureau/domain/money";
import { useToast } from "../../components/ui/toast.tsx";
import { BranchField } from "../../features/dashboard/branch-field.tsx";
import { ownBranches, ownBranchOf } from "../../features/dashboard/own-branch.ts";
import { postedAs } from "../../lib/api-client.ts";
import { useRouteAction } from "../../lib/route-action.ts";
import { apiAction, readIntent, refusalAsResponse, serverApi } from "../../lib/server-api.ts";
import "../../features/dashboard/dashboard.css";
import type { Route } from "./+types/counter";

/**
 * The Counter (issue 33 item 3): a walk-in trade at one of the staff member's branches (?branch=,
 * default the first). The cashier picks "We sell" or "We buy", the currency and an amount in whole notes,
 * records the customer's name (and from COUNTER_ID_FROM_GBP their ID), and how the sterling is paid.
 * The server prices it at the counter's rates, screens and links it like an online order, and completes
 * it through the cashier's till, or holds it for the MLRO.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { branch, mine } = await ownBranchOf(context, request);
  const api = serverApi(context);
  const [view, allBranches] = await Promise.all([
    refusalAsResponse(api.admin.counter.view(new URLSearchParams({ branch })), {
      status: 404,
      message: "There is no such branch, or it is not one of yours.",
    }),
    api.reference.branches(),
  ]);
  return {
    view,
    branches: ownBranches(allBranches.branches, mine),
  };
}

/** The trade: the API checks every field, the till, the branch and who may, and answers the trade or why not. */
export async function action({ request, context }: Route.ActionArgs) {
  const posted = await readIntent(request, ["trade"]);
  return apiAction(context, (api) => api.admin.counter.trade(postedAs<CounterTradeRequest>(posted.value("trade"))));
}

export const meta: Route.MetaFunction = () => [{ title: "Counter | Harbour FX dashboard" }];

export default function Counter({ loaderData }: Route.ComponentProps) {
  const id = useId();
  const { view, branches } = loaderData;
  const [done, setDone] = useState<CounterTradeResult | null>(null);
  const [round, setRound] = useState(0);
  return (
    <section aria-labelledby="page-heading" className="counter-page">
      <h1 id="page-heading">Counter</h1>
      <Form method="get" className="stock-choice" aria-label="Which branch's counter">
        <BranchField id={`${id}-branch`} branches={branches} selected={view.branch.key} />
        <button type="submit" className="button">
          Show
        </button>
      </Form>
      {done ? <TradeOutcome result={done} /> : null}
      {view.tillOpen ? (
        <TradeForm
          key={`${view.branch.key}-${round}`}
          view={view}
          onDone={(result) => {
            setDone(result);
            if (result.status === "completed") setRound((n) => n + 1);
          }}
        />
      ) : (
        <div className="alert" role="status">
          Open your till at {view.branch.name} first: a walk-in trade moves it.{" "}
          <Link to={`/dashboard/till?branch=${view.branch.key}`}>Open the till</Link>
        </div>
      )}
    </section>
  );
}

/** What the last trade came to: completed (with its receipt on its page) or held with nothing handed over. */
function TradeOutcome({ result }: { result: CounterTradeResult }) {
  const page = `/dashboard/orderDetails/${result.orderId}`;
  if (result.status === "held") {
    return (
      <div className="alert" role="alert">
        Trade {result.orderNumber} is on hold for compliance checks: hand nothing over and take no money. The MLRO must
        clear it first; then complete it on <Link to={page}>its page</Link>.
        {result.holdReason ? <span className="hold-reason"> Reason: {result.holdReason}</span> : null}
      </div>
    );
  }
  return (
    <div className="notice" role="status">
      Trade {result.orderNumber} completed: {formatMinor(result.gbpMinor, "GBP")}.{" "}
      <Link to={page}>Open the trade to print the customer's receipt</Link>
    </div>
  );
}

type Fields = Record<string, string>;

const TEXT_FIELDS = [
  "amount",
  "firstName",
  "lastName",
  "email",
  "phone",
  "idNumberLast4",
  "idExpiresOn",
  "address",
  "dateOfBirth",
  "guaranteedOrderNumber",
] as const;

/** The amount typed in the currency's units as minor units, or NaN when it is not a plain number. */
function minorOf(text: string, currency: string): number {
  const trimmed = text.trim();
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return Number.NaN;
  return Math.round(Number(trimmed) * 10 ** currencyExponent(currency));
}

/** The API's field names as this form's (the amount is typed in units, sent in minor units). */
const FORM_FIELD: Record<string, string> = { foreignMinor: "amount", "payment.method": "paymentMethod" };

/** The form's field ids, problems and text inputs, shared by its sections. */
type FormKit = {
  field: (name: string) => string;
  problem: (name: string) => string | undefined;
  described: (name: string) => { "aria-describedby"?: string; "aria-invalid"?: true };
  input: (
    name: (typeof TEXT_FIELDS)[number],
    label: string,
    props?: React.InputHTMLAttributes<HTMLInputElement>,
  ) => React.ReactNode;
};

function TradeForm({ view, onDone }: { view: CounterView; onDone: (result: CounterTradeResult) => void }) {
  const id = useId();
  const toast = useToast();
  const { submit, busy } = useRouteAction<CounterTradeResult>();
  // One key per trade: a retried or corrected submission completes the same trade, never a second.
  const idempotencyKey = useRef(crypto.randomUUID());
  const [way, setWay] = useState<"Order" | "Sell">("Order");
  const [currency, setCurrency] = useState(view.currencies[0]?.code ?? "EUR");
  const [text, setText] = useState<Fields>({});
  const [idType, setIdType] = useState("");
  const [paymentMethod, setPaymentMethod] = useState("");
  const [cardMatchesName, setCardMatchesName] = useState(false);
  const [failure, setFailure] = useState<{ message: string; fields: Fields } | null>(null);
  const field = (name: string) => `${id}-${name}`;
  const problem = (name: string) => failure?.fields[name];
  const kit: FormKit = {
    field,
    problem,
    described: (name) => (problem(name) ? { "aria-describedby": `${field(name)}-error`, "aria-invalid": true } : {}),
    input: (name, label, props = {}) => (
      <div className="field">
        <label htmlFor={field(name)}>{label}</label>
        <input
          id={field(name)}
          value={text[name] ?? ""}
          onChange={(e) => setText((all) => ({ ...all, [name]: e.target.value }))}
          {...kit.described(name)}
          {...props}
        />
        <FieldError id={`${field(name)}-error`} message={problem(name)} />
      </div>
    ),
  };

  async function send(event: React.FormEvent) {
    event.preventDefault();
    setFailure(null);
    // A buy-back guarantee's order number goes with a "We buy" only (docs/features/buyback-guarantee.md).
    const { amount, guaranteedOrderNumber, ...typed } = text;
    const trade = {
      ...typed,
      branch: view.branch.key,
      idempotencyKey: idempotencyKey.current,
      currency,
      way,
      foreignMinor: minorOf(amount ?? "", currency),
      firstName: text.firstName ?? "",
      lastName: text.lastName ?? "",
      idType,
      cardMatchesName,
      paymentMethod,
      ...(way === "Sell" && guaranteedOrderNumber ? { guaranteedOrderNumber } : {}),
    };
    if (!Number.isFinite(trade.foreignMinor)) {
      const fields = { amount: "Enter the amount as a number, in whole notes" };
      setFailure({ message: fields.amount, fields });
      document.getElementById(field("amount"))?.focus();
      return;
    }
    const outcome = await submit("trade", { trade });
    if (!outcome.ok) {
      const fields: Fields = {};
      for (const [name, message] of Object.entries(outcome.fields ?? {})) fields[FORM_FIELD[name] ?? name] = message;
      setFailure({ message: outcome.message, fields });
      const first = Object.keys(fields)[0];
      if (first) document.getElementById(field(first))?.focus();
      return;
    }
    if (outcome.value.status === "completed") toast.success(`Trade ${outcome.value.orderNumber} completed`);
    onDone(outcome.value);
  }

  return (
    <form className="counter-trade" onSubmit={send} noValidate aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Walk-in trade at {view.branch.name}</h2>
      {failure ? (
        <div className="alert" role="alert">
          {failure.message}
        </div>
      ) : null}
      <TradeSection kit={kit} view={view} way={way} setWay={setWay} currency={currency} setCurrency={setCurrency} />
      <CustomerSection kit={kit} />
      <IdSection kit={kit} idFromGbpMinor={view.idFromGbpMinor} idType={idType} setIdType={setIdType} />
      <PaymentSection
        kit={kit}
        way={way}
        method={paymentMethod}
        setMethod={setPaymentMethod}
        cardMatchesName={cardMatchesName}
        setCardMatchesName={setCardMatchesName}
      />
      <button type="submit" className="button button-accent" disabled={busy}>
        Complete trade
      </button>
    </form>
  );
}

function TradeSection({
  kit,
  view,
  way,
  setWay,
  currency,
  setCurrency,
}: {
  kit: FormKit;
  view: CounterView;
  way: "Order" | "Sell";
  setWay: (way: "Order" | "Sell") => void;
  currency: string;
  setCurrency: (code: string) => void;
}) {
  const chosen = view.currencies.find((c) => c.code === currency);
  return (
    <fieldset>
      <legend>Trade</legend>
      <div className="radio-row">
        {(["Order", "Sell"] as const).map((value) => (
          <label key={value}>
            <input type="radio" name="way" value={value} checked={way === value} onChange={() => setWay(value)} />{" "}
            {COUNTER_WAY_LABELS[value]}
          </label>
        ))}
      </div>
      <div className="form-grid">
        <div className="field">
          <label htmlFor={kit.field("currency")}>Currency</label>
          <select id={kit.field("currency")} value={currency} onChange={(e) => setCurrency(e.target.value)}>
            {view.currencies.map((c) => (
              <option key={c.code} value={c.code}>
                {c.code} — {c.label}
              </option>
            ))}
          </select>
        </div>
        {kit.input("amount", `Amount in ${currency} (whole notes)`, { inputMode: "decimal", autoComplete: "off" })}
        {way === "Sell"
          ? kit.input("guaranteedOrderNumber", "Buy-back guarantee: order number (optional)", {
              inputMode: "numeric",
              autoComplete: "off",
            })
          : null}
      </div>
      {chosen ? (
        <p className="hint">
          {COUNTER_WAY_LABELS[way]} at {way === "Order" ? chosen.weSellRate : chosen.weBuyRate} {currency} per £1
          {chosen.counterMargins ? " (counter rate)" : ""}; notes from {formatMinor(chosen.smallestNoteMinor, currency)}
          .
        </p>
      ) : null}
    </fieldset>
  );
}

/** The name is always recorded; an e-mail or phone given links the customer's other trades and orders. */
function CustomerSection({ kit }: { kit: FormKit }) {
  return (
    <fieldset>
      <legend>Customer</legend>
      <div className="form-grid">
        {kit.input("firstName", "First name", { autoComplete: "off" })}
        {kit.input("lastName", "Last name", { autoComplete: "off" })}
        {kit.input("email", "Email (optional)", { type: "email", autoComplete: "off" })}
        {kit.input("phone", "Phone (optional)", { type: "tel", autoComplete: "off" })}
      </div>
    </fieldset>
  );
}

function IdSection({
  kit,
  idFromGbpMinor,
  idType,
  setIdType,
}: {
  kit: FormKit;
  idFromGbpMinor: number;
  idType: string;
  setIdType: (type: string) => void;
}) {
  return (
    <fieldset>
      <legend>ID document</legend>
      <p className="hint">
        Required from {formatMinor(idFromGbpMinor, "GBP")}; it links the customer's trades and orders.
      </p>
      <div className="form-grid">
        <div className="field">
          <label htmlFor={kit.field("idType")}>Type of ID</label>
          <select
            id={kit.field("idType")}
            value={idType}
            onChange={(e) => setIdType(e.target.value)}
            {...kit.described("idType")}
          >
            <option value="">None shown</option>
            {ID_DOCUMENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {ID_DOCUMENT_LABELS[type]}
              </option>
            ))}
          </select>
          <FieldError id={`${kit.field("idType")}-error`} message={kit.problem("idType")} />
        </div>
        {kit.input("idNumberLast4", "Last 4 characters of its number", { autoComplete: "off", maxLength: 4 })}
        {kit.input("idExpiresOn", "Expiry date", { type: "date" })}
        {kit.input("address", "Address with postcode (enhanced due diligence)", { autoComplete: "off" })}
        {kit.input("dateOfBirth", "Date of birth (enhanced due diligence)", { type: "date" })}
      </div>
    </fieldset>
  );
}

function PaymentSection({
  kit,
  way,
  method,
  setMethod,
  cardMatchesName,
  setCardMatchesName,
}: {
  kit: FormKit;
  way: "Order" | "Sell";
  method: string;
  setMethod: (method: string) => void;
  cardMatchesName: boolean;
  setCardMatchesName: (matches: boolean) => void;
}) {
  const errorId = `${kit.field("paymentMethod")}-error`;
  return (
    <fieldset aria-describedby={kit.problem("paymentMethod") ? errorId : undefined}>
      <legend>{way === "Order" ? "The customer pays" : "The customer is paid"}</legend>
      <div className="radio-row">
        {(["cash", "card"] as const).map((option) => (
          <label key={option}>
            <input
              type="radio"
              name="paymentMethod"
              id={option === "cash" ? kit.field("paymentMethod") : undefined}
              value={option}
              checked={method === option}
              onChange={() => setMethod(option)}
            />{" "}
            {option === "cash" ? "Cash" : "Card"}
          </label>
        ))}
      </div>
      <FieldError id={errorId} message={kit.problem("paymentMethod")} />
      {way === "Order" && method === "card" ? (
        <div className="field checkbox-field">
          <label>
            <input
              type="checkbox"
              id={kit.field("cardMatchesName")}
              checked={cardMatchesName}
              onChange={(e) => setCardMatchesName(e.target.checked)}
              {...kit.described("cardMatchesName")}
            />{" "}
            The payment card matches the customer's name
          </label>
          <FieldError id={`${kit.field("cardMatchesName")}-error`} message={kit.problem("cardMatchesName")} />
        </div>
      ) : null}
    </fieldset>
  );
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p className="field-error" id={id}>
      {message}
    </p>
  ) : null;
}
