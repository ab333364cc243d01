import { useId, useState } from "react";
import type { OrderDetails } from "@bureau/domain/contracts/dashboard";
import type { OrderReversal, ReversalView } from "@bureau/domain/contracts/reversals";
import { reversalTextProblem } from "@bureau/domain/reversal";
import { roleMay } from "@bureau/domain/staff-permissions";
import { useToast } from "../../components/ui/toast.tsx";
import { useDisplayDates } from "../../lib/display-dates.ts";
import { useRouteAction } from "../../lib/route-action.ts";
import { useSessionUser } from "../account/session.ts";

const STATUS_WORDS: Record<OrderReversal["status"], string> = {
  requested: "Requested, waiting for a manager",
  approved: "Approved: the order is reversed",
  refused: "Refused",
};

/**
 * An order's reversals (docs/features/reversals.md): each one asked for, by whom and why, and how it
 * was decided; and, on a completed order that is not reversed and has no request waiting, the form
 * to ask for one, for a role the permission matrix lets ask.
 */
export function ReversalSection({ order }: { order: OrderDetails }) {
  const user = useSessionUser();
  const waiting = order.reversals.some((reversal) => reversal.status === "requested");
  const mayRequest =
    roleMay(user?.role, "reversal.request") && order.status === "completed" && !order.reversedAt && !waiting;
  if (order.reversals.length === 0 && !mayRequest) return null;
  return (
    <section aria-labelledby="reversal-heading" className="reversals print-hidden">
      <h2 id="reversal-heading">Reversal</h2>
      {order.reversals.length > 0 ? (
        <ol className="reversal-list">
          {order.reversals.map((reversal) => (
            <ReversalRecord key={reversal.id} reversal={reversal} />
          ))}
        </ol>
      ) : null}
      {mayRequest ? <RequestReversalForm /> : null}
    </section>
  );
}

/** One reversal as recorded: its state, who asked and why, who decided and any note. */
export function ReversalRecord({ reversal }: { reversal: OrderReversal | ReversalView }) {
  const { longDateTime: time } = useDisplayDates();
  return (
    <li>
      <p>
        <strong className="status-badge">{STATUS_WORDS[reversal.status]}</strong>
      </p>
      <dl className="booking-details">
        <dt>Asked for by</dt>
        <dd>
          {reversal.requestedBy}, {time(reversal.requestedAt)}
        </dd>
        <dt>Reason</dt>
        <dd>{reversal.reason}</dd>
        {reversal.decidedBy && reversal.decidedAt ? (
          <>
            <dt>{reversal.status === "approved" ? "Approved by" : "Refused by"}</dt>
            <dd>
              {reversal.decidedBy}, {time(reversal.decidedAt)}
            </dd>
          </>
        ) : null}
        {reversal.decisionNote ? (
          <>
            <dt>Note</dt>
            <dd>{reversal.decisionNote}</dd>
          </>
        ) : null}
      </dl>
    </li>
  );
}

/** Asking for the reversal, with the reason; another manager then approves or refuses it. */
function RequestReversalForm() {
  const id = useId();
  const toast = useToast();
  const { submit, busy } = useRouteAction<ReversalView>();
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | null>(null);

  async function send(event: React.FormEvent) {
    event.preventDefault();
    const local = reversalTextProblem(reason, "reason");
    const outcome = local ? null : await submit("requestReversal", { reason });
    if (outcome?.ok) {
      toast.success("Reversal requested: a manager approves or refuses it on the Reversals page");
      setProblem(null);
      return;
    }
    setProblem(local ? `${local}.` : outcome?.ok === false ? outcome.message : null);
    document.getElementById(`${id}-reason`)?.focus();
  }

  return (
    <form className="reversal-request" onSubmit={send} noValidate aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Request reversal</h3>
      <p className="hint">
        A completed order is corrected only by a reversal: once a manager other than you approves it, the till and the
        stock are put back as they were before the order. The customer is not e-mailed.
      </p>
      <div className="field">
        <label htmlFor={`${id}-reason`}>Reason for the reversal</label>
        <textarea
          id={`${id}-reason`}
          rows={2}
          value={reason}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-reason-error` : undefined}
          onChange={(e) => setReason(e.target.value)}
        />
        {problem ? (
          <p className="field-error" id={`${id}-reason-error`}>
            {problem}
          </p>
        ) : null}
      </div>
      <button type="submit" className="button" disabled={busy}>
        Request reversal
      </button>
    </form>
  );
}
