import { cartItemRemainingMs } from "@bureau/domain/cart";
import type { Way } from "@bureau/domain/constants";
import { formatMinor } from "@bureau/domain/money";
import { noteSplitText } from "@bureau/domain/note-text";
import { type CartItem, removeCartItem } from "../cart/cart-store.ts";
import { useNow } from "./use-now.ts";
import { DataTable, PhoneLabel } from "../../components/ui/data-table.tsx";

function formatRemaining(ms: number): string {
  const totalSeconds = Math.max(0, Math.floor(ms / 1000));
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${minutes}:${String(seconds).padStart(2, "0")}`;
}

/**
 * A line's two sides as the customer reads them: Click & Collect gives notes and, where they do not make
 * the whole sterling paid, the rest back in sterling ("€335 in notes + £1.74 back in sterling").
 */
export function lineAmounts(
  item: Pick<CartItem, "way" | "gbpMinor" | "foreignMinor" | "currency"> & { sterlingBackMinor?: number },
) {
  const gbp = formatMinor(item.gbpMinor, "GBP");
  if (item.way === "Order") {
    return { from: gbp, to: noteSplitText(item.foreignMinor, item.sterlingBackMinor ?? 0, item.currency) };
  }
  return { from: formatMinor(item.foreignMinor, item.currency), to: gbp };
}

/** The lines of this way in the cart, each with the time its rate is still held. */
export function OrderSummary({ items, way }: { items: CartItem[]; way: Way }) {
  const now = useNow();
  const total = items.reduce((sum, item) => sum + item.gbpMinor, 0);
  const payLabel = way === "Order" ? "You pay" : "You sell";
  return (
    <section className="order-summary" aria-labelledby="order-summary-heading">
      <h2 id="order-summary-heading">Order summary</h2>
      {items.length === 0 ? (
        <p className="muted">Your basket is empty. Use Add Currency to add a currency.</p>
      ) : (
        <>
          <DataTable
            caption="Currencies in your basket"
            hiddenCaption
            columns={[
              "Currency",
              payLabel,
              "You get",
              "Rate",
              "Price held for",
              { label: "Actions", visuallyHidden: true },
            ]}
          >
            {items.map((item) => {
              const { from, to } = lineAmounts(item);
              return (
                <tr key={item.Id}>
                  <th scope="row">
                    {item.currency} <span className="muted">{item.label}</span>
                  </th>
                  <td>
                    <PhoneLabel>{payLabel}</PhoneLabel>
                    {from}
                  </td>
                  <td>
                    <PhoneLabel>You get</PhoneLabel>
                    {to}
                  </td>
                  <td>
                    <PhoneLabel>Rate</PhoneLabel>
                    {item.Rate}
                  </td>
                  <td>
                    <PhoneLabel>Price held for</PhoneLabel>
                    <span className="countdown">{formatRemaining(cartItemRemainingMs(item, now))}</span>
                  </td>
                  <td>
                    <button type="button" className="button button-small" onClick={() => removeCartItem(item.Id)}>
                      Remove<span className="visually-hidden"> {item.currency}</span>
                    </button>
                  </td>
                </tr>
              );
            })}
          </DataTable>
          <p className="order-total">
            Total: <strong>{formatMinor(total, "GBP")}</strong>
          </p>
        </>
      )}
    </section>
  );
}
