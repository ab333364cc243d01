import { useId, useState } from "react";
import { Form } from "react-router";
import type { StockChange, StockUpdate, StockView } from "@bureau/domain/contracts/stock";
import { formatMinor } from "@bureau/domain/money";
import { useToast } from "../../components/ui/toast.tsx";
import { saveStock } from "../../features/dashboard/dashboard-api.ts";
import { useDisplayDates } from "../../lib/display-dates.ts";
import { useRouteAction } from "../../lib/route-action.ts";
import { apiAction, readIntent, refusalAsResponse, serverApi } from "../../lib/server-api.ts";
import "../../features/dashboard/dashboard.css";
import type { Route } from "./+types/stock";
import { BranchField } from "../../features/dashboard/branch-field.tsx";
import { DataTable } from "../../components/ui/data-table.tsx";

/** Loaded before display: the chosen branch's notes of the chosen currency (?branch=&currency=). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = new URLSearchParams();
  for (const name of ["branch", "currency"]) {
    const value = url.searchParams.get(name);
    if (value) query.set(name, value);
  }
  const pending = serverApi(context).admin.stock.view(query);
  return refusalAsResponse(pending, { status: 404, message: "There is no such branch or currency to count." });
}

/** Save a branch's counts and tracking of a currency, with a reason (the API validates and audits it). */
export async function action({ request, context }: Route.ActionArgs) {
  const posted = await readIntent(request, ["save-stock"]);
  return apiAction(context, (api) =>
    saveStock(api, posted.text("branch"), posted.text("currency"), {
      tracked: posted.flag("tracked"),
      counts: posted.value("counts") as StockUpdate["counts"],
      reason: posted.text("reason"),
    }),
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Stock | Harbour FX dashboard" }];

export default function Stock({ loaderData: view }: Route.ComponentProps) {
  const id = useId();
  const branchName = (key: string) => view.branches.find((b) => b.key === key)?.name ?? key;
  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading">Stock</h1>
      <Form method="get" className="stock-choice" aria-label="Which stock to show">
        <BranchField id={`${id}-branch`} branches={view.branches} selected={view.branch} />
        <div className="field">
          <label htmlFor={`${id}-currency`}>Currency</label>
          <select id={`${id}-currency`} name="currency" defaultValue={view.currency} key={view.currency}>
            {view.currencies.map((c) => (
              <option key={c.code} value={c.code}>
                {c.code} – {c.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button">
          Show
        </button>
      </Form>
      <StockForm
        key={`${view.branch}/${view.currency}/${view.history[0]?.at ?? ""}`}
        view={view}
        branchName={branchName(view.branch)}
      />
      <StockHistory history={view.history} currency={view.currency} />
      <h2>Tracked at every branch</h2>
      {view.tracked.length === 0 ? (
        <p className="muted">No branch tracks any currency yet: orders are taken without stock.</p>
      ) : (
        <DataTable columns={["Branch", "Currency", "In stock", "Free"]} scrollable>
          {view.tracked.map((t) => (
            <tr key={`${t.branch}/${t.currency}`}>
              <th scope="row">{branchName(t.branch)}</th>
              <td>{t.currency}</td>
              <td>{formatMinor(t.valueMinor, t.currency)}</td>
              <td>{formatMinor(t.freeMinor, t.currency)}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}

function StockForm({ view, branchName }: { view: StockView; branchName: string }) {
  const id = useId();
  const toast = useToast();
  const { submit, busy } = useRouteAction<StockView>();
  const [tracked, setTracked] = useState(view.isTracked);
  const [counts, setCounts] = useState(() => view.notes.map((n) => String(n.count)));
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const code = view.currency;

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (!reason.trim()) {
      setReasonError("Reason is required");
      document.getElementById(`${id}-reason`)?.focus();
      return;
    }
    setReasonError(null);
    const parsed = counts.map((text) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN));
    const bad = parsed.findIndex((n) => !Number.isSafeInteger(n));
    if (bad >= 0) {
      setFailure("Each count must be a whole number of notes, 0 or more.");
      document.getElementById(`${id}-count-${bad}`)?.focus();
      return;
    }
    const outcome = await submit("save-stock", {
      branch: view.branch,
      currency: code,
      tracked,
      counts: view.notes.map((n, i) => ({ valueMinor: n.valueMinor, count: parsed[i]! })),
      reason: reason.trim(),
    });
    if (outcome.ok) toast.success("Stock saved");
    else setFailure(outcome.message);
  }

  return (
    <form className="stock-form" onSubmit={save} aria-labelledby={`${id}-heading`} noValidate>
      <h2 id={`${id}-heading`}>
        {code} at {branchName}
      </h2>
      {failure ? (
        <div className="alert" role="alert">
          {failure}
        </div>
      ) : null}
      <div className="field checkbox-field">
        <input id={`${id}-tracked`} type="checkbox" checked={tracked} onChange={(e) => setTracked(e.target.checked)} />
        <label htmlFor={`${id}-tracked`}>
          Track {code} stock at {branchName}
        </label>
      </div>
      <p className="hint">
        Tracked: Click &amp; Collect orders reserve notes here and step 1 says whether the branch can supply them. Not
        tracked: orders are taken as without stock.
      </p>
      <NoteCountsTable
        id={id}
        view={view}
        branchName={branchName}
        counts={counts}
        onCount={(i, text) => setCounts((list) => list.map((c, j) => (j === i ? text : c)))}
      />
      <div className="field">
        <label htmlFor={`${id}-reason`}>Reason</label>
        <textarea
          id={`${id}-reason`}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={300}
          rows={2}
          required
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={reasonError ? `${id}-reason-error` : undefined}
          placeholder="e.g. Delivery from the cash centre, end-of-day count"
        />
        {reasonError ? (
          <span id={`${id}-reason-error`} className="field-error">
            {reasonError}
          </span>
        ) : null}
      </div>
      <button type="submit" className="button button-primary" disabled={busy}>
        Save stock
      </button>
    </form>
  );
}

/** Each note's count in stock, typed, beside what open orders reserve and what is free. */
function NoteCountsTable({
  id,
  view,
  branchName,
  counts,
  onCount,
}: {
  id: string;
  view: StockView;
  branchName: string;
  counts: string[];
  onCount: (index: number, text: string) => void;
}) {
  const code = view.currency;
  return (
    <DataTable
      caption={
        <>
          {code} notes at {branchName}
        </>
      }
      hiddenCaption
      columns={["Note", "In stock", "Reserved by open orders", "Free"]}
      scrollable
    >
      {view.notes.map((note, i) => (
        <tr key={note.valueMinor}>
          <th scope="row">{formatMinor(note.valueMinor, code)}</th>
          <td>
            <label className="visually-hidden" htmlFor={`${id}-count-${i}`}>
              {formatMinor(note.valueMinor, code)} notes in stock
            </label>
            <input
              id={`${id}-count-${i}`}
              className="count-input"
              type="number"
              inputMode="numeric"
              min={note.reserved}
              step={1}
              value={counts[i]}
              onChange={(e) => onCount(i, e.target.value)}
            />
          </td>
          <td>{note.reserved}</td>
          <td>{note.free}</td>
        </tr>
      ))}
    </DataTable>
  );
}

function StockHistory({ history, currency }: { history: StockChange[]; currency: string }) {
  const { longDateTime } = useDisplayDates();
  return (
    <>
      <h2>Changes</h2>
      {history.length === 0 ? (
        <p className="muted">No changes recorded yet.</p>
      ) : (
        <DataTable className="data-table stock-history" columns={["When", "By", "Change", "Reason"]} scrollable>
          {history.map((change) => (
            <tr key={change.at}>
              <td>{longDateTime(change.at)}</td>
              <td>{change.by ?? "system"}</td>
              <td>{describeChange(change, currency)}</td>
              <td>{change.reason}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}

/** "Tracking on; €50.00: 2 → 5, €20.00: 0 → 10" (only what changed). */
function describeChange(change: StockChange, currency: string): string {
  const parts: string[] = [];
  if (change.before.tracked !== change.after.tracked) parts.push(`Tracking ${change.after.tracked ? "on" : "off"}`);
  for (const after of change.after.counts) {
    const before = change.before.counts.find((c) => c.valueMinor === after.valueMinor)?.count ?? 0;
    if (before !== after.count) parts.push(`${formatMinor(after.valueMinor, currency)}: ${before} → ${after.count}`);
  }
  return parts.join("; ") || "No change";
}
