import { Link } from "react-router";
import type { OrderListItem } from "@bureau/domain/contracts/dashboard";
import { WAY_TITLES } from "@bureau/domain/constants";
import { formatMinor } from "@bureau/domain/money";
import { useDisplayDates } from "../../lib/display-dates.ts";
import { DueDiligenceBadges, RiskFlagBadges, transitionsAllowedBy } from "./due-diligence.tsx";
import { HandoverDialogButton } from "./handover-panel.tsx";
import { type OrderAction, OrderActionButtons } from "./order-actions.tsx";
import { DataTable } from "../../components/ui/data-table.tsx";

export function fxAmount(order: Pick<OrderListItem, "fx">): string {
  return order.fx.map((line) => formatMinor(line.foreignMinor, line.currency)).join(", ");
}

/** The staff order table of spec §2: Order Id, Name, Phone Number, Way, Amount, FX Amount, Time, Action. */
export function OrdersTable({
  caption,
  orders,
  transitions,
}: {
  caption: string;
  orders: OrderListItem[];
  transitions: OrderAction[];
}) {
  const dates = useDisplayDates();
  if (orders.length === 0) return <p className="muted">No orders here.</p>;
  return (
    <DataTable
      className="data-table orders-table"
      caption={caption}
      hiddenCaption
      columns={["Order Id", "Name", "Phone Number", "Way", "Amount", "FX Amount", "Time", "Action"]}
      scrollable
    >
      {orders.map((order) => {
        const dueDiligence = { onHold: order.holdReason !== null, enhanced: order.enhancedDueDiligence };
        // An archived order (History's "Show archived") is archived once: no Delete again.
        const allowed = transitionsAllowedBy(transitions, dueDiligence).filter(
          (action) => !(action === "archive" && order.archivedAt !== null),
        );
        return (
          <tr key={order.id}>
            <th scope="row">
              {order.orderNumber}
              {dueDiligence.onHold || dueDiligence.enhanced || order.riskFlags.length > 0 ? (
                <span className="row-badges">
                  <DueDiligenceBadges {...dueDiligence} />
                  <RiskFlagBadges labels={order.riskFlags} />
                </span>
              ) : null}
              {order.holdReason ? <span className="hold-reason">{order.holdReason}</span> : null}
              {order.archivedAt || order.reversedAt ? (
                <span className="row-badges">
                  {order.reversedAt ? <span className="status-badge">Reversed</span> : null}
                  {order.archivedAt ? <span className="status-badge">Archived</span> : null}
                </span>
              ) : null}
            </th>
            <td>{order.name}</td>
            <td>{order.phone}</td>
            <td>
              {WAY_TITLES[order.way]}
              {order.channel === "counter" ? <span className="badge"> Counter</span> : null}
            </td>
            <td>{formatMinor(order.totalGbpMinor, "GBP")}</td>
            <td>{fxAmount(order)}</td>
            <td>{dates.longDate(order.createdAt)}</td>
            <td>
              <span className="row-actions">
                <Link className="button button-small" to={`/dashboard/orderDetails/${order.id}`}>
                  Details<span className="visually-hidden"> of order {order.orderNumber}</span>
                </Link>
                {/* Complete opens the handover panel; the other actions only ask to confirm. */}
                {allowed.includes("complete") ? (
                  <HandoverDialogButton orderId={order.id} orderNumber={order.orderNumber} />
                ) : null}
                <OrderActionButtons
                  orderId={order.id}
                  orderNumber={order.orderNumber}
                  transitions={allowed.filter((transition) => transition !== "complete")}
                />
              </span>
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
