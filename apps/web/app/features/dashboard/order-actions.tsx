import type { OrderTransition } from "@bureau/domain/contracts/dashboard";
import { useConfirm } from "../../components/ui/confirm-dialog.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { useRouteAction } from "../../lib/route-action.ts";

/**
 * What a staff member can do to an order from a list: a lifecycle step, or (History's Delete on a
 * completed order) archiving it from the list, which changes nothing else (docs/features/completed-orders-are-final.md).
 */
export type OrderAction = OrderTransition | "archive";

/** The spec's success messages, word for word. */
export const TRANSITION_SUCCESS: Record<OrderAction, string> = {
  accept: "Accepted! This order has been accepted.",
  complete: "Completed! This order has been completed.",
  cancel: "Deleted! Your file has been deleted.",
  archive: "Deleted! Your file has been deleted.",
};
const LABELS: Record<OrderAction, string> = {
  accept: "Accept",
  complete: "Complete",
  cancel: "Delete",
  archive: "Delete",
};
/** The spec's Delete, whichever it does: a danger button, and a danger confirm. */
const isDelete = (action: OrderAction) => action === "cancel" || action === "archive";

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
  transitions: OrderAction[];
  onDone?: (transition: OrderAction) => void;
}) {
  const toast = useToast();
  const { confirm, dialog } = useConfirm();
  const { submit, busy } = useRouteAction<{ id: string; status: string }>(orderActionPath(orderId));

  async function run(transition: OrderAction) {
    const confirmLabel = `Yes, ${LABELS[transition].toLowerCase()} it`;
    if (!(await confirm({ confirmLabel, danger: isDelete(transition) }))) return;
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
          className={`button button-small${isDelete(transition) ? " button-danger" : ""}`}
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
