import { useId, useState } from "react";
import { Link } from "react-router";
import type { ReversalView } from "@bureau/domain/contracts/reversals";
import { WAY_TITLES } from "@bureau/domain/constants";
import { formatMinor } from "@bureau/domain/money";
import { reversalTextProblem } from "@bureau/domain/reversal";
import { roleMay } from "@bureau/domain/staff-permissions";
import { useConfirm } from "../../components/ui/confirm-dialog.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { useSessionUser } from "../../features/account/session.ts";
import { approveReversal, refuseReversal } from "../../features/dashboard/dashboard-api.ts";
import { ReversalRecord } from "../../features/dashboard/reversal-section.tsx";
import { useDisplayDates } from "../../lib/display-dates.ts";
import { useRouteAction } from "../../lib/route-action.ts";
import { apiAction, readIntent, serverApi } from "../../lib/server-api.ts";
import "../../features/dashboard/dashboard.css";
import type { Route } from "./+types/reversals";

/**
 * Reversals (issue 33 item 4, docs/features/reversals.md): the reversals waiting for a decision at the
 * staff member's branches, oldest first. A manager who did not ask approves one (the till and the
 * stock are put back) or refuses it with a note; the one who asked sees theirs waiting.
 */
export async function loader({ context }: Route.LoaderArgs) {
  return serverApi(context).admin.reversals.list(new URLSearchParams());
}

/** Approve or refuse: the API checks who may (a manager at the branch, not the requester) and audits each. */
export async function action({ request, context }: Route.ActionArgs) {
  const posted = await readIntent(request, ["approve", "refuse"]);
  const id = posted.text("reversalId");
  if (posted.intent === "approve") return apiAction(context, (api) => approveReversal(api, id));
  const note = posted.text("note");
  return apiAction(context, (api) => refuseReversal(api, id, note));
}

export const meta: Route.MetaFunction = () => [{ title: "Reversals | Harbour FX dashboard" }];

export default function Reversals({ loaderData }: Route.ComponentProps) {
  const user = useSessionUser();
  const mayDecide = roleMay(user?.role, "reversal.approve");
  return (
    <section aria-labelledby="page-heading" className="reversals-page">
      <h1 id="page-heading">Reversals</h1>
      <p className="hint">
        Completed orders and trades that staff asked to reverse. A manager other than the one who asked approves (the
        till and the stock are put back as before the order) or refuses with a note. The customer is not e-mailed.
      </p>
      {loaderData.reversals.length === 0 ? (
        <p className="muted">No reversal is waiting at your branches.</p>
      ) : (
        loaderData.reversals.map((reversal) => (
          <WaitingReversal
            key={reversal.id}
            reversal={reversal}
            mayDecide={mayDecide && reversal.requestedById !== user?.id}
            own={reversal.requestedById === user?.id}
          />
        ))
      )}
    </section>
  );
}

/** One reversal waiting: its order, who asked and why, and (for those who may) Approve and Refuse. */
function WaitingReversal({ reversal, mayDecide, own }: { reversal: ReversalView; mayDecide: boolean; own: boolean }) {
  const id = useId();
  const { longDateTime: time } = useDisplayDates();
  const { order } = reversal;
  return (
    <article className="reversal-card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>
        Order {order.orderNumber} at {order.branch.name}
      </h2>
      <p>
        {WAY_TITLES[order.way]} · {order.customerName} · {formatMinor(order.totalGbpMinor, "GBP")}
        {order.completedAt ? ` · completed ${time(order.completedAt)}` : ""}
        {order.completedBy ? ` by ${order.completedBy}` : ""} ·{" "}
        <Link to={`/dashboard/orderDetails/${order.id}`}>
          Details<span className="visually-hidden"> of order {order.orderNumber}</span>
        </Link>
      </p>
      <ul className="reversal-list">
        <ReversalRecord reversal={reversal} />
      </ul>
      {mayDecide ? (
        <DecisionForms reversal={reversal} />
      ) : own ? (
        <p className="muted">You asked for this reversal: another manager approves or refuses it.</p>
      ) : null}
    </article>
  );
}

function DecisionForms({ reversal }: { reversal: ReversalView }) {
  const id = useId();
  const toast = useToast();
  const { confirm, dialog } = useConfirm();
  const { submit, busy } = useRouteAction<ReversalView>();
  const [note, setNote] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const number = reversal.order.orderNumber;

  async function approve() {
    const sure = await confirm({
      title: `Approve the reversal of order ${number}?`,
      text: "The till and the stock are put back as they were before the order, and the order is marked reversed.",
      confirmLabel: "Yes, approve it",
    });
    if (!sure) return;
    const outcome = await submit("approve", { reversalId: reversal.id });
    if (outcome.ok) toast.success(`Approved: order ${number} is reversed`);
    else toast.error(outcome.message);
  }

  async function refuse(event: React.FormEvent) {
    event.preventDefault();
    const local = reversalTextProblem(note, "note");
    const outcome = local ? null : await submit("refuse", { reversalId: reversal.id, note });
    if (outcome?.ok) {
      toast.success(`Refused: order ${number} stays as it is`);
      return;
    }
    setProblem(local ? `${local}.` : outcome?.ok === false ? outcome.message : null);
    document.getElementById(`${id}-note`)?.focus();
  }

  return (
    <div className="reversal-decision">
      <button type="button" className="button button-accent" disabled={busy} onClick={() => void approve()}>
        Approve<span className="visually-hidden"> the reversal of order {number}</span>
      </button>
      <form onSubmit={refuse} noValidate aria-label={`Refuse the reversal of order ${number}`}>
        <div className="field">
          <label htmlFor={`${id}-note`}>Why it is refused</label>
          <textarea
            id={`${id}-note`}
            rows={2}
            value={note}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-note-error` : undefined}
            onChange={(e) => setNote(e.target.value)}
          />
          {problem ? (
            <p className="field-error" id={`${id}-note-error`}>
              {problem}
            </p>
          ) : null}
        </div>
        <button type="submit" className="button" disabled={busy}>
          Refuse<span className="visually-hidden"> the reversal of order {number}</span>
        </button>
      </form>
      {dialog}
    </div>
  );
}
