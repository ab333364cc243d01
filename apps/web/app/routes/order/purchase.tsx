import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { data, Link, useNavigate, useRouteLoaderData } from "react-router";
import { DEFAULT_ORDER_LIMITS } from "@bureau/domain/order-limits";
import { isWay, WAY_TITLES, type Way } from "@bureau/domain/constants";
import type { OrderReceipt, Quote } from "@bureau/domain/contracts/orders";
import { AVAILABILITY_TEXT, type Availability } from "@bureau/domain/stock-availability";
import { formatNotes, noteSplitText } from "@bureau/domain/note-text";
import type { CustomerDetails } from "@bureau/domain/customer-details";
import { useToast } from "../../components/ui/toast.tsx";
import { type ActionOutcome, useRouteAction } from "../../lib/route-action.ts";
import { apiAction, readIntent, serverApi } from "../../lib/server-api.ts";
import { readCart, removeCartItem, useCart } from "../../features/cart/cart-store.ts";
import { AddCurrencyForm } from "../../features/order/add-currency-form.tsx";
import { DetailsForm } from "../../features/order/details-form.tsx";
import { branchAvailability, orderDetailsOfAccount, placeOrder, requestQuote } from "../../features/order/order-api.ts";
import { sessionOfRequest } from "../../features/account/session.ts";
import { BuybackOffer, GuaranteedSellNotice } from "../../features/order/buyback-choice.tsx";
import { openOrderLink } from "../../features/tracking/tracking-api.ts";
import { appContext } from "../../lib/app-context.ts";
import { OrderSummary } from "../../features/order/order-summary.tsx";
import { StepIndicator } from "../../features/order/step-indicator.tsx";
import type { loader as rootLoader } from "../../root.tsx";
import type { Route } from "./+types/purchase";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const way = params.currentWay;
  if (!isWay(way)) throw data(null, { status: 404 });
  const code = params.currencyParams.toUpperCase();
  const api = serverApi(context);
  const { user } = await sessionOfRequest(context);
  const [{ currencies }, { branches }, prefill] = await Promise.all([
    api.reference.currencies(),
    api.reference.branches(),
    // A signed-in customer starts step 2 with their name, e-mail and phone filled in.
    user ? orderDetailsOfAccount(api) : null,
  ]);
  const currency = currencies.find((c) => c.code === code);
  if (!currency) throw data(null, { status: 404 });
  return {
    way,
    code,
    prefill,
    ...(await buybackOfPage(context, api, way, new URL(request.url).searchParams.get("guarantee"))),
    label: currency.label,
    currencies: currencies.map(({ code, label, collectRate, sellRate, smallestNoteMinor }) => ({
      code,
      label,
      collectRate,
      sellRate,
      smallestNoteMinor,
    })),
    branches: branches.map(({ key, name, addressLines, postcode, phone }) => ({
      key,
      name,
      addressLines,
      postcode,
      phone,
    })),
  };
}

/**
 * The buy-back guarantee on this page (docs/features/buyback-guarantee.md): Click & Collect offers it at
 * its configured price and days; a sale opened from a guaranteed order's page (its link token in
 * `?guarantee=`) sells back under it, the server pricing each line from the stored order.
 */
async function buybackOfPage(
  context: Route.LoaderArgs["context"],
  api: ReturnType<typeof serverApi>,
  way: Way,
  token: string | null,
) {
  if (way === "Order")
    return { buybackTerms: context.get(appContext).publicConfig.buybackGuarantee ?? null, guarantee: null };
  if (!token) return { buybackTerms: null, guarantee: null };
  const order = await openOrderLink(api, token).catch(() => null);
  if (!order?.buyback) return { buybackTerms: null, guarantee: null };
  return { buybackTerms: null, guarantee: { token, orderNumber: order.orderNumber, text: order.buyback.text } };
}

/**
 * The order page's changes (decision 016): a quote for a line of the cart (from the Add Currency form
 * here, or the home page's widget before it opens this page), and step 2's "place the order". The API
 * checks the amounts, limits, quotes and details.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const posted = await readIntent(request, ["quote", "place-order"]);
  if (posted.intent === "quote") return apiAction(context, (api) => requestQuote(api, posted.value("quote")));
  return apiAction(context, (api) => placeOrder(api, posted.value("order")));
}

const UNREACHABLE = "We could not reach our server. Please try again.";

/**
 * In the browser: an answer lost on the way (the network dropped) becomes an outcome the page shows,
 * and the next attempt reuses the order's idempotency key, so a retry cannot place a second order.
 */
export async function clientAction({
  serverAction,
}: Route.ClientActionArgs): Promise<ActionOutcome<OrderReceipt | Quote>> {
  try {
    return await serverAction();
  } catch {
    return { ok: false, status: 0, message: UNREACHABLE };
  }
}

export const meta: Route.MetaFunction = ({ loaderData: data }) => {
  if (!data) return [{ title: "Order | Harbour FX" }];
  const way = WAY_TITLES[data.way];
  return [
    { title: `${way} ${data.code} – ${data.label} | Harbour FX` },
    {
      name: "description",
      content:
        data.way === "Order"
          ? `Reserve ${data.label} (${data.code}) online at our rate and collect it from a Harbour FX branch.`
          : `Book to sell your ${data.label} (${data.code}) to a Harbour FX branch at our rate.`,
    },
  ];
};

const emptyDetails: CustomerDetails = {
  firstName: "",
  lastName: "",
  email: "",
  confirmEmail: "",
  phone: "",
  acceptedTerms: false,
};

export default function Purchase({ loaderData }: Route.ComponentProps) {
  const { way, code, currencies, branches } = loaderData;
  const toast = useToast();
  const orderLimits = useRouteLoaderData<typeof rootLoader>("root")?.publicConfig.orderLimits ?? DEFAULT_ORDER_LIMITS;
  const cart = useCart();
  const items = cart.filter((item) => item.way === way);
  // Step 3, the confirmation, is the order's own page (/track/{token}): placing the order goes there.
  const [step, setStep] = useState<1 | 2>(1);
  const [showAddForm, setShowAddForm] = useState(false);
  const [branchKey, setBranchKey] = useState("");
  const [details, setDetails] = useState<CustomerDetails>(
    loaderData.prefill
      ? { ...emptyDetails, ...loaderData.prefill, confirmEmail: loaderData.prefill.email }
      : emptyDetails,
  );
  const [buyback, setBuyback] = useState(false);
  const placing = usePlaceOrder({ way, branchKey, setStep, buyback });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const availability = useBranchAvailability(way === "Order" ? items : [], step);

  // Move focus to the heading on each step so screen-reader and keyboard users follow along.
  useEffect(() => {
    if (step !== 1) headingRef.current?.focus();
  }, [step]);

  function next() {
    const refusal = stepOneRefusal(branchKey, items.length, availability, branches);
    if (refusal) {
      toast.error(refusal);
      return;
    }
    placing.clearFailure();
    setStep(2);
  }

  return (
    <div className="wizard">
      <h1 ref={headingRef} tabIndex={-1}>
        {WAY_TITLES[way]}: {loaderData.label} ({code})
      </h1>
      <StepIndicator step={step} />
      {step === 1 ? (
        <>
          {placing.failure ? (
            <div className="alert" role="alert">
              <strong>Something went wrong.</strong> {placing.failure}
            </div>
          ) : null}
          {loaderData.guarantee ? <GuaranteedSellNotice {...loaderData.guarantee} /> : null}
          <BasketPanel
            way={way}
            items={items}
            addForm={
              showAddForm ? (
                <AddCurrencyForm
                  way={way}
                  currencies={currencies}
                  defaultCode={code}
                  orderLimits={orderLimits}
                  onAdded={() => toast.success("Currency added to your basket")}
                  buybackToken={loaderData.guarantee?.token}
                />
              ) : null
            }
            onAdd={() => setShowAddForm(true)}
          />
          <BranchChoice
            branches={branches}
            branchKey={branchKey}
            onChoose={setBranchKey}
            availability={availability}
            items={items}
          />
          {loaderData.buybackTerms ? (
            <BuybackOffer terms={loaderData.buybackTerms} checked={buyback} onChange={setBuyback} />
          ) : null}
          <StepOneActions onNext={next} />
        </>
      ) : null}
      {step === 2 ? (
        <div className="panel">
          <DetailsForm
            initial={details}
            busy={placing.busy}
            onBack={(d) => {
              setDetails(d);
              setStep(1);
            }}
            onSubmit={(customer) => {
              setDetails(customer);
              void placing.submit(customer);
            }}
          />
        </div>
      ) : null}
    </div>
  );
}

/** Step 1's basket of this way, with the Add Currency form once asked for. */
function BasketPanel({
  way,
  items,
  addForm,
  onAdd,
}: {
  way: Way;
  items: ReturnType<typeof useCart>;
  addForm: ReactNode;
  onAdd: () => void;
}) {
  return (
    <div className="panel">
      <OrderSummary items={items} way={way} />
      {addForm ?? (
        <button type="button" className="button" onClick={onAdd}>
          Add Currency
        </button>
      )}
    </div>
  );
}

function StepOneActions({ onNext }: { onNext: () => void }) {
  return (
    <div className="wizard-actions">
      <Link className="button" to="/exchangeRates">
        See all rates
      </Link>
      <button type="button" className="button button-primary" onClick={onNext}>
        Next
      </button>
    </div>
  );
}

type Branch = Route.ComponentProps["loaderData"]["branches"][number];

/** Step 1's collection point, with whether each branch can supply the basket today. */
function BranchChoice({
  branches,
  branchKey,
  onChoose,
  availability,
  items,
}: {
  branches: Branch[];
  branchKey: string;
  onChoose: (key: string) => void;
  availability: Record<string, BranchSupply | null>;
  items: { foreignMinor: number }[];
}) {
  const id = useId();
  const branch = branches.find((b) => b.key === branchKey);
  return (
    <div className="panel">
      <div className="field">
        <label htmlFor={`${id}-branch`}>Collection point</label>
        <select id={`${id}-branch`} value={branchKey} onChange={(e) => onChoose(e.target.value)}>
          <option value="">Choose a branch</option>
          {branches.map((b) => {
            const supply = availability[b.key];
            return (
              <option key={b.key} value={b.key}>
                {b.name} – {b.addressLines.join(", ")}, {b.postcode}
                {supply ? ` · ${supplyText(supply)}` : ""}
              </option>
            );
          })}
        </select>
      </div>
      {branch ? (
        <p className="branch-details">
          {[...branch.addressLines, branch.postcode].join(", ")} · Phone {branch.phone}
          {availability[branch.key] ? (
            <>
              {" "}
              · <strong>{supplyText(availability[branch.key]!)}</strong>
            </>
          ) : null}
        </p>
      ) : null}
      {branch && availability[branch.key]?.lines ? (
        <BranchNotes lines={availability[branch.key]!.lines!} items={items} />
      ) : null}
      {branch && availability[branch.key]?.availability === "short" ? (
        <ShortBranchNotice
          message={shortBranchMessage(branch.name, availability[branch.key]!)}
          suggestion={branches.find((b) => availability[b.key]?.availability === "available")}
          onChoose={onChoose}
        />
      ) : null}
    </div>
  );
}

/**
 * Why Next stays on step 1, in the spec's words, or null. Stock comes before details: a branch whose
 * notes cannot make the basket is refused here, before the customer types anything more (the server
 * checks again on placing the order).
 */
function stepOneRefusal(
  branchKey: string,
  lineCount: number,
  availability: Record<string, BranchSupply | null>,
  branches: Branch[],
): string | null {
  if (!branchKey) return "Select the checking point";
  if (lineCount === 0) return "Please add currency item";
  const supply = availability[branchKey];
  if (supply?.availability === "short")
    return shortBranchMessage(branches.find((b) => b.key === branchKey)?.name ?? "This branch", supply);
  return null;
}

/** What Next says of a branch that cannot supply the basket, with the most it can. */
function shortBranchMessage(name: string, supply: BranchSupply): string {
  return `${name}: ${supplyText(supply)}. Please choose another collection point or a smaller amount.`;
}

/** The chosen branch cannot supply the basket: why, and a branch that can, one press away. */
function ShortBranchNotice({
  message,
  suggestion,
  onChoose,
}: {
  message: string;
  suggestion: Branch | undefined;
  onChoose: (key: string) => void;
}) {
  return (
    <div className="branch-short" role="status">
      <p>
        <strong>{message}</strong>
      </p>
      {suggestion ? (
        <p>
          {suggestion.name} has the notes today.{" "}
          <button type="button" className="button button-small" onClick={() => onChoose(suggestion.key)}>
            Collect at {suggestion.name}
          </button>
        </p>
      ) : null}
    </div>
  );
}

/**
 * Step 2's "Place order": the basket's lines of this way placed at the chosen branch under one
 * idempotency key, then the cart emptied of them and the order's own page (its signed link), which a
 * reload, Back and a bookmark open again; a failure goes back to step 1 with the reason.
 */
function usePlaceOrder({
  way,
  branchKey,
  setStep,
  buyback,
}: {
  way: Way;
  branchKey: string;
  setStep: (step: 1 | 2) => void;
  /** Click & Collect: the buy-back guarantee bought with the order. */
  buyback: boolean;
}) {
  const toast = useToast();
  const navigate = useNavigate();
  const placing = useRouteAction<OrderReceipt>();
  const [failure, setFailure] = useState<string | null>(null);
  // One key per submission: a retry after a lost answer reuses it and so cannot create a second order.
  const idempotencyKey = useRef<string | null>(null);

  async function submit(customer: CustomerDetails) {
    const lines = readCart().filter((item) => item.way === way);
    if (lines.length === 0) {
      toast.error("Please add currency item");
      setStep(1);
      return;
    }
    idempotencyKey.current ??= crypto.randomUUID();
    const outcome = await placing.submit("place-order", {
      order: {
        idempotencyKey: idempotencyKey.current,
        way,
        branch: branchKey,
        lines: lines.map((l) => ({
          quoteId: l.quoteId,
          rate: l.Rate,
          gbpMinor: l.gbpMinor,
          foreignMinor: l.foreignMinor,
        })),
        customer: { ...customer, acceptedTerms: true },
        ...(way === "Order" && buyback ? { buybackGuarantee: true } : {}),
      },
    });
    if (!outcome.ok) {
      toast.error("Something went wrong");
      setFailure(outcome.message);
      // A definite refusal will not change on retry: the next attempt is a new submission.
      if (outcome.status > 0 && outcome.status < 500) idempotencyKey.current = null;
      setStep(1);
      return;
    }
    for (const line of lines) removeCartItem(line.Id);
    idempotencyKey.current = null;
    // The placement always hands its customer the order's signed token (the receipt's accessToken).
    void navigate(outcome.value.accessToken ? `/track/${outcome.value.accessToken}` : "/track");
  }

  return { busy: placing.busy, failure, clearFailure: () => setFailure(null), submit };
}

/**
 * Whether each branch can supply the Click & Collect basket today (issue 17), asked again whenever the
 * basket changes and on coming back to step 1. Nothing is shown where a branch does not track stock, nor
 * while the answer is unknown (the server checks again on placing the order).
 */
function useBranchAvailability(
  items: { currency: string; gbpMinor: number; Rate: string }[],
  step: number,
): Record<string, BranchSupply | null> {
  const [availability, setAvailability] = useState<Record<string, BranchSupply | null>>({});
  // Each line's sterling and rate: the branch answers by the rule placing the order applies.
  const need = items.map((item) => `${item.currency}:${item.gbpMinor}:${item.Rate}`).join(",");
  useEffect(() => {
    if (step !== 1 || need === "") {
      setAvailability({});
      return;
    }
    let current = true;
    branchAvailability(need)
      .then((answer) => {
        if (current) {
          setAvailability(
            Object.fromEntries(
              answer.branches.map((b) => [
                b.key,
                b.availability && { availability: b.availability, largest: b.largest, lines: b.lines },
              ]),
            ),
          );
        }
      })
      .catch(() => {
        if (current) setAvailability({});
      });
    return () => {
      current = false;
    };
  }, [need, step]);
  return availability;
}

type BranchSupply = {
  availability: Availability;
  largest: { currency: string; foreignMinor: number } | null;
  lines: { currency: string; foreignMinor: number; sterlingBackMinor: number }[] | null;
};

/**
 * Where the chosen branch's own notes make less than the basket's quotes, what it hands over instead
 * (the order will carry these figures), so the customer sees them before confirming.
 */
function BranchNotes({
  lines,
  items,
}: {
  lines: { currency: string; foreignMinor: number; sterlingBackMinor: number }[];
  items: { foreignMinor: number }[];
}) {
  const differing = lines.filter((line, i) => items[i] && line.foreignMinor !== items[i]!.foreignMinor);
  if (differing.length === 0) return null;
  const text = differing
    .map((line) => `${line.currency} ${noteSplitText(line.foreignMinor, line.sterlingBackMinor, line.currency)}`)
    .join("; ");
  return (
    <p className="branch-notes" role="status">
      This branch's notes: {text}
    </p>
  );
}

/** "Available today", or "Not enough stock" with the largest amount the branch's notes can supply. */
function supplyText({ availability, largest }: BranchSupply): string {
  const text = AVAILABILITY_TEXT[availability];
  return largest && largest.foreignMinor > 0
    ? `${text} (at most ${formatNotes(largest.foreignMinor, largest.currency)})`
    : text;
}
