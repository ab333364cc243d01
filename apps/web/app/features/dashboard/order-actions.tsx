import type { OrderTransition } from "@bureau/domain/contracts/dashboard";
import { useConfirm } from "../../components/ui/confirm-dialog.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { useRouteAction } from "../../lib/route-action.ts";

/** The spec's success messages, word for word. */
export const TRANSITION_SUCCESS: Record<OrderTransition, string> = {
  accept: "Accepted! This order has been accepted.",
  complete: "Completed! This order has been completed.",
  cancel: "Deleted! Your file has been deleted.",
};
const LABELS: Record<OrderTransition, string> = { accept: "Accept", complete: "Complete", cancel: "Delete" };

/** The page whose route action changes an order's status (routes/dashboard/order-details.tsx). */
export const orderActionPath = (orderId: string) => `/dashboard/orderDetails/${encodeURIComponent(orderId)}`;

/**
 * Buttons for an order's allowed actions; each asks for confirmation, then posts to the order page's
 * action, which also reloads the page's data (on a refusal too: someone may have moved the order).
 */
export function OrderActionButtons({
  orderId,
  orderNumber,
  transitions,
  onDone,
}: {
  orderId: string;
  orderNumber: string;
  transitions: OrderTransition[];
  onDone?: (transition: OrderTransition) => void;
}) {
  const toast = useToast();
  const { confirm, dialog } = useConfirm();
  const { submit, busy } = useRouteAction<{ id: string; status: string }>(orderActionPath(orderId));

  async function run(transition: OrderTransition) {
    if (!(await confirm({ confirmLabel: `Yes, ${LABELS[transition].toLowerCase()} it` }))) return;
    const outcome = await submit(transition);
    if (!outcome.ok) {
      toast.error(outcome.message);
      return;
    }
    toast.success(TRANSITION_SUCCESS[transition]);
    onDone?.(transition);
  }

  return (
    <span className="row-actions">
      {transitions.map((transition) => (
        <button
          key={transition}
          type="button"
          className={`button button-small${transition === "cancel" ? " button-danger" : ""}`}
          disabled={busy}
          onClick={() => void run(transition)}
        >
          {LABELS[transition]}
          <span className="visually-hidden"> order {orderNumber}</span>
        </button>
      ))}
      {dialog}
    </span>
  );
}
