import { useState } from "react";
import { useRevalidator } from "react-router";
import type { OrderTransition } from "@bureau/domain/contracts/dashboard";
import { useConfirm } from "../../components/ui/confirm-dialog.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { apiErrorText } from "../../lib/api-client.ts";
import { transitionOrder } from "./dashboard-api.ts";

/** The spec's success messages, word for word. */
export const TRANSITION_SUCCESS: Record<OrderTransition, string> = {
  accept: "Accepted! This order has been accepted.",
  complete: "Completed! This order has been completed.",
  cancel: "Deleted! Your file has been deleted.",
};
const LABELS: Record<OrderTransition, string> = { accept: "Accept", complete: "Complete", cancel: "Delete" };

/** Buttons for an order's allowed actions; each asks for confirmation, then refreshes the page's data. */
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
  const revalidator = useRevalidator();
  const { confirm, dialog } = useConfirm();
  const [busy, setBusy] = useState(false);

  async function run(transition: OrderTransition) {
    if (!(await confirm({ confirmLabel: `Yes, ${LABELS[transition].toLowerCase()} it` }))) return;
    setBusy(true);
    try {
      await transitionOrder(orderId, transition);
      toast.success(TRANSITION_SUCCESS[transition]);
      onDone?.(transition);
      await revalidator.revalidate();
    } catch (error) {
      toast.error(apiErrorText(error));
      await revalidator.revalidate();
    } finally {
      setBusy(false);
    }
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
