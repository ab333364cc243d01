import { useId } from "react";
import { Form } from "react-router";
import { WAY_TITLES } from "@bureau/domain/constants";
import type { DayReport } from "@bureau/domain/contracts/reports";
import { ORDER_CHANNEL_LABELS } from "@bureau/domain/counter-trade";
import { formatMinor } from "@bureau/domain/money";
import { useDisplayDates } from "../../lib/display-dates.ts";
import { refusalAsResponse, serverApi } from "../../lib/server-api.ts";
import "../../features/dashboard/dashboard.css";
import type { Route } from "./+types/reports";
import { BranchField } from "../../features/dashboard/branch-field.tsx";
import { DataTable } from "../../components/ui/data-table.tsx";
import { ReversalsOfDay, TillsOfDay } from "../../features/dashboard/day-report-tills.tsx";

/** Loaded before display: the chosen branch's report of the chosen day (?branch=&date=, default today). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = new URLSearchParams();
  for (const name of ["branch", "date"]) {
    const value = url.searchParams.get(name);
    if (value) query.set(name, value);
  }
  const pending = serverApi(context).admin.dayReport(query);
  return refusalAsResponse(pending, {
    status: 400,
    message: "There is no such branch or day to report on.",
    apiWordsFirst: true,
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Reports | Harbour FX dashboard" }];

export default function Reports({ loaderData: report }: Route.ComponentProps) {
  const dates = useDisplayDates();
  const dayName = dates.longDate(`${report.date}T12:00:00Z`);
  return (
    <section aria-labelledby="page-heading" className="day-report">
      <h1 id="page-heading">Reports</h1>
      <ReportChoice report={report} />

      <h2>
        End of day: {report.branch.name}, {dayName}
      </h2>
      {report.today ? <p className="muted">The day is not over: figures so far, stock as it is now.</p> : null}

      <SterlingSummary report={report} />
      <TillsOfDay report={report} />
      <OrdersCollected report={report} />
      <ReversalsOfDay report={report} />
      <CurrencyFlows report={report} />
      <StockAtClose report={report} />
    </section>
  );
}

const gbp = (minor: number) => formatMinor(minor, "GBP");

/** The branch and day to report on, and printing the report. */
function ReportChoice({ report }: { report: DayReport }) {
  const id = useId();
  return (
    <Form method="get" className="stock-choice report-choice" aria-label="Which report to show">
      <BranchField id={`${id}-branch`} branches={report.branches} selected={report.branch.key} />
      <div className="field">
        <label htmlFor={`${id}-date`}>Date</label>
        <input id={`${id}-date`} type="date" name="date" defaultValue={report.date} key={report.date} />
      </div>
      <button type="submit" className="button">
        Show
      </button>
      <button type="button" className="button" onClick={() => window.print()}>
        Print
      </button>
      <a
        className="button"
        href={`/api/admin/reports/day.csv?${new URLSearchParams({ branch: report.branch.key, date: report.date })}`}
        download
      >
        Download CSV
      </a>
    </Form>
  );
}

function SterlingSummary({ report }: { report: DayReport }) {
  return (
    <DataTable className="data-table report-summary" caption="Summary">
      <tr>
        <th scope="row">Orders collected</th>
        <td>{report.orders.length}</td>
      </tr>
      <tr>
        <th scope="row">Sterling in (Click &amp; Collect)</th>
        <td>{gbp(report.sterling.inMinor)}</td>
      </tr>
      <tr>
        <th scope="row">Sterling back (Click &amp; Collect, not made in notes)</th>
        <td>{gbp(report.sterling.backMinor)}</td>
      </tr>
      <tr>
        <th scope="row">Sterling out (Click &amp; Sell)</th>
        <td>{gbp(report.sterling.outMinor)}</td>
      </tr>
      <tr>
        <th scope="row">Sterling net</th>
        <td>{gbp(report.sterling.inMinor - report.sterling.backMinor - report.sterling.outMinor)}</td>
      </tr>
      <tr>
        <th scope="row">Buy-back guarantees sold (fees, in the sterling in)</th>
        <td>
          {report.guarantees.sold}: {gbp(report.guarantees.feesMinor)}
        </td>
      </tr>
      <tr>
        <th scope="row">Buy-backs at guaranteed rates</th>
        <td>
          {report.guarantees.buybacks}
          {report.guarantees.boughtBack.map((c) => (
            <span key={c.currency}>
              {" "}
              · {formatMinor(c.foreignMinor, c.currency)} for {gbp(c.gbpMinor)}
            </span>
          ))}
        </td>
      </tr>
    </DataTable>
  );
}

function OrdersCollected({ report }: { report: DayReport }) {
  const dates = useDisplayDates();
  return (
    <>
      <h3>Orders collected</h3>
      {report.orders.length === 0 ? (
        <p className="muted">No orders were completed at {report.branch.name} on this day.</p>
      ) : (
        <DataTable
          caption="Orders collected"
          hiddenCaption
          columns={["Order Number", "Completed", "Way", "Channel", "Customer", "Currency", "Sterling"]}
          scrollable
        >
          {report.orders.map((order) => (
            <tr key={order.id}>
              <th scope="row">{order.orderNumber}</th>
              <td>{dates.time(order.completedAt)}</td>
              <td>{WAY_TITLES[order.way]}</td>
              <td>
                {ORDER_CHANNEL_LABELS[order.channel]}
                {order.reversed ? " (reversed)" : ""}
              </td>
              <td>{order.name}</td>
              <td>{order.fx.map((line) => formatMinor(line.foreignMinor, line.currency)).join(", ")}</td>
              <td>{gbp(order.totalGbpMinor)}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}

/** Each currency's notes out and in by denomination. */
function CurrencyFlows({ report }: { report: DayReport }) {
  return (
    <>
      <h3>Currency in and out</h3>
      {report.currencies.length === 0 ? (
        <p className="muted">No currency changed hands.</p>
      ) : (
        report.currencies.map((flow) => (
          <DataTable
            key={flow.currency}
            caption={
              <>
                {flow.currency}: out {formatMinor(flow.outMinor, flow.currency)}, in{" "}
                {formatMinor(flow.inMinor, flow.currency)}
              </>
            }
            columns={["Note", "Notes out", "Notes in"]}
            scrollable
          >
            {noteValues(flow.notesOut, flow.notesIn).map((valueMinor) => (
              <tr key={valueMinor}>
                <th scope="row">{formatMinor(valueMinor, flow.currency)}</th>
                <td>{flow.notesOut.find((n) => n.valueMinor === valueMinor)?.count ?? 0}</td>
                <td>{flow.notesIn.find((n) => n.valueMinor === valueMinor)?.count ?? 0}</td>
              </tr>
            ))}
            {flow.notesOut.length === 0 && flow.notesIn.length === 0 ? (
              <tr>
                <td colSpan={3}>Not tracked by denomination at this branch.</td>
              </tr>
            ) : null}
          </DataTable>
        ))
      )}
    </>
  );
}

/** Each denomination-tracked currency's notes in the branch at the day's close. */
function StockAtClose({ report }: { report: DayReport }) {
  return (
    <>
      <h3>Stock at close</h3>
      {report.stockAtClose.length === 0 ? (
        <p className="muted">{report.branch.name} tracks no currency by denomination.</p>
      ) : (
        report.stockAtClose.map((stock) => (
          <DataTable
            key={stock.currency}
            caption={
              <>
                {stock.currency}: {formatMinor(stock.totalMinor, stock.currency)}
              </>
            }
            columns={["Note", "Count", "Value"]}
            scrollable
          >
            {[...stock.notes]
              .sort((a, b) => b.valueMinor - a.valueMinor)
              .map((note) => (
                <tr key={note.valueMinor}>
                  <th scope="row">{formatMinor(note.valueMinor, stock.currency)}</th>
                  <td>{note.count}</td>
                  <td>{formatMinor(note.valueMinor * note.count, stock.currency)}</td>
                </tr>
              ))}
          </DataTable>
        ))
      )}
    </>
  );
}

/** The denominations either list names, largest first. */
function noteValues(...lists: { valueMinor: number }[][]): number[] {
  return [...new Set(lists.flat().map((n) => n.valueMinor))].sort((a, b) => b - a);
}
