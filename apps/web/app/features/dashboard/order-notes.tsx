import type { OrderNotes } from "@bureau/domain/contracts/stock";
import { formatMinor } from "@bureau/domain/money";
import { DataTable } from "../../components/ui/data-table.tsx";

const STATE_TEXT: Record<OrderNotes["state"], string> = {
  reserved: "Reserved",
  handed_over: "Handed over",
  released: "Released",
  received: "Received",
};

/**
 * The order's notes by denomination where its branch tracks stock (issue 17): what is reserved (then
 * handed over or released), or what a sale brought in, and how far that is below the order's amount.
 */
export function OrderNotesSection({ notes }: { notes: OrderNotes[] }) {
  if (notes.length === 0) return null;
  return (
    <section aria-labelledby="notes-heading">
      <h2 id="notes-heading">Notes</h2>
      <DataTable columns={["Currency", "Notes", "Notes total", "Ordered", "State"]} scrollable>
        {notes.map((entry) => (
          <tr key={entry.currency}>
            <th scope="row">{entry.currency}</th>
            <td>
              {entry.notes.map((n) => `${n.count} × ${formatMinor(n.valueMinor, entry.currency)}`).join(", ") || "None"}
            </td>
            <td>
              {formatMinor(entry.totalMinor, entry.currency)}
              {entry.totalMinor < entry.orderedMinor ? (
                <span className="muted">
                  {" "}
                  ({formatMinor(entry.orderedMinor - entry.totalMinor, entry.currency)} below the order
                  {entry.state === "received"
                    ? ": what the customer handed over"
                    : ": the nearest amount notes can pay"}
                  )
                </span>
              ) : null}
            </td>
            <td>{formatMinor(entry.orderedMinor, entry.currency)}</td>
            <td>{STATE_TEXT[entry.state]}</td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
