import type { Way } from "@bureau/domain/constants";
import { formatMinor } from "@bureau/domain/money";
import { lineAmounts } from "./order-summary.tsx";

type OrderLine = {
  position: number;
  currency: string;
  label: string;
  rate: string;
  gbpMinor: number;
  foreignMinor: number;
  sterlingBackMinor: number;
};

/** A placed order's currencies (from, to, rate) and its total: the confirmation and the customer's order page. */
export function OrderLinesTable({
  way,
  lines,
  totalGbpMinor,
}: {
  way: Way;
  lines: readonly OrderLine[];
  totalGbpMinor: number;
}) {
  return (
    <>
      <table className="data-table">
        <caption className="visually-hidden">Currencies in this order</caption>
        <thead>
          <tr>
            <th scope="col">Currency</th>
            <th scope="col">From</th>
            <th scope="col">To</th>
            <th scope="col">Rate</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => {
            const { from, to } = lineAmounts({ ...line, way });
            return (
              <tr key={line.position}>
                <th scope="row">
                  {line.currency} <span className="muted">{line.label}</span>
                </th>
                <td>{from}</td>
                <td>{to}</td>
                <td>{line.rate}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="order-total">
        Total: <strong>{formatMinor(totalGbpMinor, "GBP")}</strong>
      </p>
    </>
  );
}
