import type { Way } from "@bureau/domain/constants";
import { formatMinor } from "@bureau/domain/money";
import { lineAmounts } from "./order-summary.tsx";
import { DataTable, PhoneLabel } from "../../components/ui/data-table.tsx";

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
      <DataTable caption="Currencies in this order" hiddenCaption columns={["Currency", "From", "To", "Rate"]}>
        {lines.map((line) => {
          const { from, to } = lineAmounts({ ...line, way });
          return (
            <tr key={line.position}>
              <th scope="row">
                {line.currency} <span className="muted">{line.label}</span>
              </th>
              <td>
                <PhoneLabel>From</PhoneLabel>
                {from}
              </td>
              <td>
                <PhoneLabel>To</PhoneLabel>
                {to}
              </td>
              <td>
                <PhoneLabel>Rate</PhoneLabel>
                {line.rate}
              </td>
            </tr>
          );
        })}
      </DataTable>
      <p className="order-total">
        Total: <strong>{formatMinor(totalGbpMinor, "GBP")}</strong>
      </p>
    </>
  );
}
