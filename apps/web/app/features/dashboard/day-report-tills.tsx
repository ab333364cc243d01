import { WAY_TITLES } from "@bureau/domain/constants";
import type { DayReport } from "@bureau/domain/contracts/reports";
import { ORDER_CHANNEL_LABELS } from "@bureau/domain/counter-trade";
import { formatMinor } from "@bureau/domain/money";
import { formatSignedMinor } from "@bureau/domain/till";
import { DataTable } from "../../components/ui/data-table.tsx";
import { useDisplayDates } from "../../lib/display-dates.ts";

/** The day's report of the tills (issue 33 item 5): each till of the day, the branch's sum, the reversals. */

type Figures = DayReport["tills"][number]["currencies"][number] | DayReport["tillTotals"][number];

const STATUS_TITLES = { open: "Open", awaiting_signoff: "Awaiting sign-off", closed: "Closed" } as const;

/** Per currency: float, in and out by method, cash moved outside orders, expected, counted, variance. */
function FiguresTable({ caption, figures }: { caption: string; figures: readonly Figures[] }) {
  const floatMoved = figures.some((f) => f.floatMovedMinor !== 0);
  const columns = [
    "Currency",
    "Opening float",
    "Cash in",
    "Cash out",
    "Card in",
    "Card out",
    ...(floatMoved ? ["Float added or taken"] : []),
    "Expected close",
    "Counted close",
    "Variance",
  ];
  return (
    <DataTable caption={caption} columns={columns} scrollable className="data-table till-figures">
      {figures.map((f) => {
        const money = (minor: number) => formatMinor(minor, f.currency);
        return (
          <tr key={f.currency}>
            <th scope="row">{f.currency}</th>
            <td>{money(f.floatMinor)}</td>
            <td>{money(f.cash.inMinor)}</td>
            <td>{money(f.cash.outMinor)}</td>
            <td>{money(f.card.inMinor)}</td>
            <td>{money(f.card.outMinor)}</td>
            {floatMoved ? <td>{formatSignedMinor(f.floatMovedMinor, f.currency)}</td> : null}
            <td>{money(f.expectedMinor)}</td>
            <td>{f.countedMinor === null ? "Not counted" : money(f.countedMinor)}</td>
            <td>{f.varianceMinor === null ? "—" : formatSignedMinor(f.varianceMinor, f.currency)}</td>
          </tr>
        );
      })}
    </DataTable>
  );
}

/** Notes handed out and received by denomination, every currency of a till (or of the branch). */
function NotesTable({ caption, figures }: { caption: string; figures: readonly Figures[] }) {
  const rows = figures.flatMap((f) =>
    [...new Set([...f.notesOut, ...f.notesIn].map((n) => n.valueMinor))]
      .sort((a, b) => b - a)
      .map((valueMinor) => ({
        currency: f.currency,
        valueMinor,
        out: f.notesOut.find((n) => n.valueMinor === valueMinor)?.count ?? 0,
        in: f.notesIn.find((n) => n.valueMinor === valueMinor)?.count ?? 0,
      })),
  );
  if (rows.length === 0) return null;
  return (
    <DataTable caption={caption} columns={["Note", "Notes out", "Notes in"]} scrollable>
      {rows.map((row) => (
        <tr key={`${row.currency}:${row.valueMinor}`}>
          <th scope="row">
            {row.currency} {formatMinor(row.valueMinor, row.currency)}
          </th>
          <td>{row.out}</td>
          <td>{row.in}</td>
        </tr>
      ))}
    </DataTable>
  );
}

function TillOfDay({ till, number, day }: { till: DayReport["tills"][number]; number: number; day: string }) {
  const dates = useDisplayDates();
  const name = `Till ${number}: ${till.cashierEmail}`;
  // A till left open overnight spans days: a time on another day than the report's says which day.
  const when = (at: string) => (dates.day(new Date(at)) === day ? dates.time(at) : dates.longDateTime(at));
  return (
    <article className="report-till" aria-labelledby={`till-${till.id}`}>
      <h4 id={`till-${till.id}`}>{name}</h4>
      <p>
        {STATUS_TITLES[till.status]}. Opened {when(till.openedAt)}
        {till.countedAt ? `, counted ${when(till.countedAt)}` : ""}
        {till.closedAt ? `, closed ${when(till.closedAt)}` : ""}; {till.movementCount}{" "}
        {till.movementCount === 1 ? "movement" : "movements"}.
      </p>
      <FiguresTable caption={`${name}: figures`} figures={till.currencies} />
      <NotesTable caption={`${name}: notes by denomination`} figures={till.currencies} />
      {till.signOff ? (
        <p className="till-sign-off">
          Variance of {formatMinor(till.varianceGbpMinor ?? 0, "GBP")} signed off by {till.signOff.by} at{" "}
          {when(till.signOff.at)}: “{till.signOff.reason}”
        </p>
      ) : null}
    </article>
  );
}

/** The tills open at the branch that day (opened that day or left open from before), then all of them added up. */
export function TillsOfDay({ report }: { report: DayReport }) {
  const counted = report.tills.filter((till) => till.countedAt !== null).length;
  return (
    <>
      <h3>Tills</h3>
      {report.tills.length === 0 ? (
        <p className="muted">No till was opened at {report.branch.name} on this day.</p>
      ) : (
        <>
          {report.tills.map((till, index) => (
            <TillOfDay key={till.id} till={till} number={index + 1} day={report.date} />
          ))}
          <h4>All tills</h4>
          <p className="muted">
            {counted} of {report.tills.length} {report.tills.length === 1 ? "till" : "tills"} counted at close; counted
            close and variance add up the counted tills only.
          </p>
          <FiguresTable caption="All tills: figures" figures={report.tillTotals} />
          <NotesTable caption="All tills: notes by denomination" figures={report.tillTotals} />
        </>
      )}
    </>
  );
}

/** The reversals of the branch's orders approved that day. */
export function ReversalsOfDay({ report }: { report: DayReport }) {
  const dates = useDisplayDates();
  return (
    <>
      <h3>Reversals</h3>
      {report.reversals.length === 0 ? (
        <p className="muted">No reversal was approved at {report.branch.name} on this day.</p>
      ) : (
        <DataTable
          caption="Reversals"
          hiddenCaption
          columns={["Order Number", "Way", "Channel", "Reason", "Requested by", "Approved by", "Approved"]}
          scrollable
        >
          {report.reversals.map((reversal) => (
            <tr key={reversal.orderId}>
              <th scope="row">{reversal.orderNumber}</th>
              <td>{WAY_TITLES[reversal.way]}</td>
              <td>{ORDER_CHANNEL_LABELS[reversal.channel]}</td>
              <td>{reversal.reason}</td>
              <td>{reversal.requestedBy}</td>
              <td>{reversal.approvedBy}</td>
              <td>{dates.time(reversal.approvedAt)}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}
