import { useId, useState } from "react";
import { Form } from "react-router";
import type { TillCashMoveInput, TillCountsInput, TillPage, TillView } from "@bureau/domain/contracts/till";
import { formatMinor } from "@bureau/domain/money";
import { formatSignedMinor } from "@bureau/domain/till";
import { roleMay } from "@bureau/domain/staff-permissions";
import { DataTable } from "../../components/ui/data-table.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { useSessionUser } from "../../features/account/session.ts";
import { BranchField } from "../../features/dashboard/branch-field.tsx";
import { ownBranches, ownBranchOf } from "../../features/dashboard/own-branch.ts";
import { postedAs } from "../../lib/api-client.ts";
import { useDisplayDates } from "../../lib/display-dates.ts";
import { useRouteAction } from "../../lib/route-action.ts";
import { apiAction, readIntent, refusalAsResponse, serverApi } from "../../lib/server-api.ts";
import "../../features/dashboard/dashboard.css";
import type { Route } from "./+types/till";

/**
 * The till (issue 33 item 2): the staff member's till at one of their branches (?branch=, default the
 * first): open it with the float counted by denomination, see what the drawer should hold, close it with
 * the drawer counted and see the variance per currency. A manager also sees the tills of their branches
 * waiting for a sign-off and signs one off with a reason.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { branch, mine, user } = await ownBranchOf(context, request);
  const api = serverApi(context);
  const [page, allBranches, awaiting] = await Promise.all([
    refusalAsResponse(api.admin.till.mine(new URLSearchParams({ branch })), {
      status: 404,
      message: "There is no such branch, or it is not one of yours.",
    }),
    api.reference.branches(),
    roleMay(user.role, "till.signoff")
      ? refusalAsResponse(api.admin.till.awaitingSignOff(new URLSearchParams()))
      : Promise.resolve(null),
  ]);
  return {
    page,
    branches: ownBranches(allBranches.branches, mine),
    awaiting: awaiting?.tills ?? null,
  };
}

/** Open, move cash, close and sign off: the API checks the counts, the branch and who may, and audits each. */
export async function action({ request, context }: Route.ActionArgs) {
  const posted = await readIntent(request, ["open", "cash", "close", "sign-off"]);
  return apiAction(context, (api) => {
    if (posted.intent === "open") {
      return api.admin.till.open(
        postedAs<{ branch: "worthing"; counts: TillCountsInput }>({
          branch: posted.text("branch"),
          counts: posted.value("counts"),
        }),
      );
    }
    const id = posted.text("tillId");
    if (posted.intent === "cash") {
      return api.admin.till.moveCash({
        id,
        body: postedAs<TillCashMoveInput>({
          direction: posted.value("direction"),
          currency: posted.value("currency"),
          notes: posted.value("notes"),
          reason: posted.value("reason"),
        }),
      });
    }
    if (posted.intent === "close") {
      return api.admin.till.close({ id, body: { counts: postedAs<TillCountsInput>(posted.value("counts")) } });
    }
    return api.admin.till.signOff({ id, body: { reason: posted.text("reason") } });
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Till | Harbour FX dashboard" }];

export default function Till({ loaderData }: Route.ComponentProps) {
  const id = useId();
  const { page, branches, awaiting } = loaderData;
  const [closed, setClosed] = useState<TillView | null>(null);
  return (
    <section aria-labelledby="page-heading" className="till-page">
      <h1 id="page-heading">Till</h1>
      <Form method="get" className="stock-choice" aria-label="Which branch's till">
        <BranchField id={`${id}-branch`} branches={branches} selected={page.branch.key} />
        <button type="submit" className="button">
          Show
        </button>
      </Form>
      {closed ? <ClosedTill till={closed} /> : null}
      {!page.till ? (
        <CountForm key={`open-${page.branch.key}`} page={page} stage="open" onClosed={setClosed} />
      ) : (
        <OpenTill key={page.till.id} page={page} till={page.till} onClosed={setClosed} />
      )}
      {awaiting ? <AwaitingSignOff tills={awaiting} /> : null}
    </section>
  );
}

/** The till as it stands: float, expected in the drawer, card takings; the close, or the wait for a sign-off. */
function OpenTill({ page, till, onClosed }: { page: TillPage; till: TillView; onClosed: (till: TillView) => void }) {
  const dates = useDisplayDates();
  return (
    <>
      <h2>
        Your till at {till.branch.name}, opened {dates.longDateTime(till.openedAt)}
      </h2>
      <DataTable columns={["Currency", "Float", "Expected in the drawer"]}>
        {till.expected.map((row) => (
          <tr key={row.currency}>
            <th scope="row">{row.currency}</th>
            <td>{formatMinor(till.float.find((f) => f.currency === row.currency)?.amountMinor ?? 0, row.currency)}</td>
            <td>{formatMinor(row.amountMinor, row.currency)}</td>
          </tr>
        ))}
      </DataTable>
      <p className="muted">
        {till.movementCount} movements. Card payments (not in the drawer): {formatMinor(till.cardGbpMinor, "GBP")}.
      </p>
      {till.status === "awaiting_signoff" ? (
        <>
          <div className="alert" role="status">
            Counted {till.countedAt ? dates.longDateTime(till.countedAt) : ""}: the variance is above{" "}
            {formatMinor(page.signOffAboveGbpMinor, "GBP")}, so a manager at {till.branch.name} must sign it off with a
            reason before the till closes.
          </div>
          <VarianceTable till={till} />
        </>
      ) : (
        <>
          <CashMoveForm page={page} till={till} />
          <CountForm page={page} stage="close" till={till} onClosed={onClosed} />
        </>
      )}
    </>
  );
}

/**
 * Cash moved between the drawer and the safe during the day (a drop, a top-up), counted by denomination
 * with a reason: the expected close follows it, so the close after a drop balances. The API refuses taking
 * out more than the drawer should hold.
 */
function CashMoveForm({ page, till }: { page: TillPage; till: TillView }) {
  const id = useId();
  const toast = useToast();
  const { submit, busy } = useRouteAction<TillView>();
  const [direction, setDirection] = useState<"out" | "in">("out");
  const [currency, setCurrency] = useState(page.currencies[0]?.currency ?? "GBP");
  const [counts, setCounts] = useState<Record<number, string>>({});
  const [reason, setReason] = useState("");
  const [failure, setFailure] = useState<{ message: string; fields?: Record<string, string> | undefined } | null>(null);
  const chosen = page.currencies.find((c) => c.currency === currency) ?? page.currencies[0];
  const inputId = (code: string, valueMinor: number) => `${id}-${code}-${valueMinor}`;
  const countOf = (valueMinor: number) => countFromText(counts[valueMinor] ?? "");

  async function send(event: React.FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (!chosen) return;
    const bad = chosen.denominationsMinor.find((v) => !Number.isSafeInteger(countOf(v)));
    if (bad !== undefined) {
      setFailure({ message: "Each count must be a whole number, 0 or more." });
      document.getElementById(inputId(chosen.currency, bad))?.focus();
      return;
    }
    const notes = chosen.denominationsMinor.map((valueMinor) => ({ valueMinor, count: countOf(valueMinor) }));
    const outcome = await submit("cash", { tillId: till.id, direction, currency: chosen.currency, notes, reason });
    if (!outcome.ok) {
      setFailure({ message: outcome.message, fields: outcome.fields });
      const field = outcome.fields?.reason
        ? `${id}-reason`
        : inputId(chosen.currency, chosen.denominationsMinor[0] ?? 0);
      document.getElementById(field)?.focus();
      return;
    }
    const amount = formatMinor(
      notes.reduce((sum, note) => sum + note.valueMinor * note.count, 0),
      chosen.currency,
    );
    toast.success(direction === "out" ? `Recorded: ${amount} to the safe` : `Recorded: ${amount} from the safe`);
    setCounts({});
    setReason("");
  }

  return (
    <form className="till-count" onSubmit={send} noValidate aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Cash to or from the safe</h2>
      <p className="hint">Count the notes and coins you move; what the drawer should hold changes with them.</p>
      {failure ? (
        <div className="alert" role="alert">
          {failure.message}
        </div>
      ) : null}
      <DirectionFields name={`${id}-direction`} direction={direction} onChange={setDirection} />
      <div className="field">
        <label htmlFor={`${id}-currency`}>Currency</label>
        <select
          id={`${id}-currency`}
          value={chosen?.currency ?? ""}
          onChange={(e) => {
            setCurrency(e.target.value);
            setCounts({});
          }}
        >
          {page.currencies.map((c) => (
            <option key={c.currency} value={c.currency}>
              {c.currency}
            </option>
          ))}
        </select>
      </div>
      {chosen ? (
        <CurrencyCountFields
          currency={chosen}
          legend={`Cash moved: ${chosen.currency}`}
          inputId={inputId}
          value={(valueMinor) => counts[valueMinor] ?? ""}
          countOf={countOf}
          onChange={(valueMinor, text) => setCounts((all) => ({ ...all, [valueMinor]: text }))}
        />
      ) : null}
      <ReasonField id={`${id}-reason`} value={reason} problem={failure?.fields?.reason} onChange={setReason} />
      <button type="submit" className="button" disabled={busy}>
        Record the cash move
      </button>
    </form>
  );
}

/** Which way cash moves between the drawer and the safe. */
function DirectionFields({
  name,
  direction,
  onChange,
}: {
  name: string;
  direction: "out" | "in";
  onChange: (direction: "out" | "in") => void;
}) {
  return (
    <fieldset className="till-currency">
      <legend>Which way</legend>
      <label className="radio-option">
        <input type="radio" name={name} checked={direction === "out"} onChange={() => onChange("out")} /> Out of the
        drawer, to the safe
      </label>
      <label className="radio-option">
        <input type="radio" name={name} checked={direction === "in"} onChange={() => onChange("in")} /> Into the drawer,
        from the safe
      </label>
    </fieldset>
  );
}

/** The reason a cash move is recorded with, and the API's word on it. */
function ReasonField({
  id,
  value,
  problem,
  onChange,
}: {
  id: string;
  value: string;
  problem: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>Reason</label>
      <textarea
        id={id}
        rows={2}
        value={value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {problem ? (
        <p className="field-error" id={`${id}-error`}>
          {problem}
        </p>
      ) : null}
    </div>
  );
}

/** A count as typed: empty is none, whole digits a number, anything else NaN (the form then says so). */
const countFromText = (typed: string) => {
  const text = typed.trim();
  return text === "" ? 0 : /^\d+$/.test(text) ? Number(text) : Number.NaN;
};

/** The denominations' label: a coin or a note of its value. */
const denominationLabel = (currency: string, valueMinor: number) =>
  `${formatMinor(valueMinor, currency)} ${currency === "GBP" && valueMinor < 500 ? "coins" : "notes"}`;

/** Counting the till by denomination: the float to open it, or the drawer to close it. */
function CountForm({
  page,
  stage,
  till,
  onClosed,
}: {
  page: TillPage;
  stage: "open" | "close";
  till?: TillView;
  onClosed: (till: TillView) => void;
}) {
  const id = useId();
  const toast = useToast();
  const { submit, busy } = useRouteAction<TillView>();
  const [counts, setCounts] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<{ message: string; fields?: Record<string, string> | undefined } | null>(null);
  const key = (currency: string, valueMinor: number) => `${currency}-${valueMinor}`;
  const inputId = (currency: string, valueMinor: number) => `${id}-${key(currency, valueMinor)}`;
  const countOf = (currency: string, valueMinor: number) => countFromText(counts[key(currency, valueMinor)] ?? "");

  async function send(event: React.FormEvent) {
    event.preventDefault();
    setFailure(null);
    const bad = page.currencies
      .flatMap((c) => c.denominationsMinor.map((v) => ({ currency: c.currency, valueMinor: v })))
      .find((d) => !Number.isSafeInteger(countOf(d.currency, d.valueMinor)));
    if (bad) {
      setFailure({ message: "Each count must be a whole number, 0 or more." });
      document.getElementById(inputId(bad.currency, bad.valueMinor))?.focus();
      return;
    }
    const body = page.currencies.map((c) => ({
      currency: c.currency,
      notes: c.denominationsMinor.map((valueMinor) => ({ valueMinor, count: countOf(c.currency, valueMinor) })),
    }));
    const outcome =
      stage === "open"
        ? await submit("open", { branch: page.branch.key, counts: body })
        : await submit("close", { tillId: till?.id ?? "", counts: body });
    if (!outcome.ok) {
      setFailure({ message: outcome.message, fields: outcome.fields });
      return;
    }
    if (stage === "open") toast.success(`Till opened at ${page.branch.name}`);
    else {
      toast.success("Till closed");
      onClosed(outcome.value);
    }
  }

  const heading = stage === "open" ? `Open your till at ${page.branch.name}` : "Close your till";
  return (
    <form className="till-count" onSubmit={send} noValidate aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{heading}</h2>
      <p className="hint">
        {stage === "open"
          ? "Count the float by denomination: sterling and each currency the branch tracks (leave empty for none)."
          : "Count the drawer by denomination; the variance against what it should hold is shown."}
      </p>
      {failure ? (
        <div className="alert" role="alert">
          {failure.message}
        </div>
      ) : null}
      {page.currencies.map((c) => (
        <CurrencyCountFields
          key={c.currency}
          currency={c}
          legend={`${stage === "open" ? "Float" : "Counted"}: ${c.currency}`}
          inputId={inputId}
          value={(valueMinor) => counts[key(c.currency, valueMinor)] ?? ""}
          countOf={(valueMinor) => countOf(c.currency, valueMinor)}
          onChange={(valueMinor, text) => setCounts((all) => ({ ...all, [key(c.currency, valueMinor)]: text }))}
        />
      ))}
      <button type="submit" className="button button-accent" disabled={busy}>
        {stage === "open" ? "Open till" : "Close till"}
      </button>
    </form>
  );
}

/** One currency's count: a labelled input per denomination, and the total so far. */
function CurrencyCountFields({
  currency: c,
  legend,
  inputId,
  value,
  countOf,
  onChange,
}: {
  currency: TillPage["currencies"][number];
  legend: string;
  inputId: (currency: string, valueMinor: number) => string;
  value: (valueMinor: number) => string;
  countOf: (valueMinor: number) => number;
  onChange: (valueMinor: number, text: string) => void;
}) {
  return (
    <fieldset className="till-currency">
      <legend>{legend}</legend>
      <div className="form-grid">
        {c.denominationsMinor.map((valueMinor) => (
          <div className="field" key={valueMinor}>
            <label htmlFor={inputId(c.currency, valueMinor)}>{denominationLabel(c.currency, valueMinor)}</label>
            <input
              id={inputId(c.currency, valueMinor)}
              inputMode="numeric"
              autoComplete="off"
              size={6}
              value={value(valueMinor)}
              onChange={(e) => onChange(valueMinor, e.target.value)}
            />
          </div>
        ))}
      </div>
      <p className="muted" aria-live="polite">
        Total {c.currency}:{" "}
        {formatMinor(
          c.denominationsMinor.reduce((sum, v) => sum + v * (countOf(v) || 0), 0),
          c.currency,
        )}
      </p>
    </fieldset>
  );
}

/** A till's variance per currency: expected, counted, the difference and its value in sterling. */
function VarianceTable({ till }: { till: TillView }) {
  return (
    <>
      <DataTable columns={["Currency", "Expected", "Counted", "Variance", "In sterling"]}>
        {(till.variance ?? []).map((v) => (
          <tr key={v.currency}>
            <th scope="row">{v.currency}</th>
            <td>{formatMinor(v.expectedMinor, v.currency)}</td>
            <td>{formatMinor(v.countedMinor, v.currency)}</td>
            <td>{formatSignedMinor(v.varianceMinor, v.currency)}</td>
            <td>{formatSignedMinor(v.varianceGbpMinor, "GBP")}</td>
          </tr>
        ))}
      </DataTable>
      <p>Total variance: {formatMinor(till.varianceGbpMinor ?? 0, "GBP")}</p>
    </>
  );
}

/** The till just closed: its variance, for the cashier to see before going. */
function ClosedTill({ till }: { till: TillView }) {
  return (
    <section aria-labelledby="closed-heading" className="till-closed">
      <h2 id="closed-heading">Till closed at {till.branch.name}</h2>
      <VarianceTable till={till} />
    </section>
  );
}

/** A manager's list: tills of their branches counted with a variance above the threshold. */
function AwaitingSignOff({ tills }: { tills: TillView[] }) {
  const user = useSessionUser();
  return (
    <section aria-labelledby="awaiting-heading">
      <h2 id="awaiting-heading">Tills awaiting sign-off</h2>
      {tills.length === 0 ? (
        <p className="muted">No till at your branches is waiting for a sign-off.</p>
      ) : (
        tills.map((till) => <SignOffForm key={till.id} till={till} own={till.cashierEmail === user?.email} />)
      )}
    </section>
  );
}

function SignOffForm({ till, own }: { till: TillView; own: boolean }) {
  const id = useId();
  const toast = useToast();
  const { submit, busy } = useRouteAction<TillView>();
  const [reason, setReason] = useState("");
  const [failure, setFailure] = useState<string | null>(null);

  async function signOff(event: React.FormEvent) {
    event.preventDefault();
    const outcome = await submit("sign-off", { tillId: till.id, reason });
    if (outcome.ok) toast.success(`Signed off: ${till.cashierEmail}'s till at ${till.branch.name} is closed`);
    else {
      setFailure(outcome.message);
      document.getElementById(`${id}-reason`)?.focus();
    }
  }

  return (
    <form className="till-sign-off" onSubmit={signOff} noValidate aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>
        {till.cashierEmail} at {till.branch.name}
      </h3>
      <VarianceTable till={till} />
      {own ? (
        <p className="muted">This is your own till: another manager signs it off.</p>
      ) : (
        <>
          <div className="field">
            <label htmlFor={`${id}-reason`}>Reason for the variance</label>
            <textarea
              id={`${id}-reason`}
              rows={2}
              value={reason}
              aria-describedby={failure ? `${id}-reason-error` : undefined}
              onChange={(e) => setReason(e.target.value)}
            />
            {failure ? (
              <p className="field-error" id={`${id}-reason-error`}>
                {failure}
              </p>
            ) : null}
          </div>
          <button type="submit" className="button" disabled={busy}>
            Sign off<span className="visually-hidden"> {till.cashierEmail}'s till</span>
          </button>
        </>
      )}
    </form>
  );
}
