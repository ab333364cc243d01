import { href, Link } from "react-router";
import { WAY_TITLES, WAYS } from "@bureau/domain/constants";
import {
  DEFAULT_RATE_HISTORY_RANGE,
  RATE_HISTORY_RANGE_LABELS,
  RATE_HISTORY_RANGES,
} from "@bureau/domain/rate-history";
import { SeriesTable } from "../../components/ui/series-table.tsx";
import { RateHistoryChart, SERIES } from "../../features/rate-history/rate-history-chart.tsx";
import { getRateHistory } from "../../features/rate-history/rate-history-api.ts";
import { changeLabel, dayLabel } from "../../features/rate-history/rate-history-format.ts";
import { refusalAsResponse, serverApi } from "../../lib/server-api.ts";
import type { Route } from "./+types/rate-history";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const range = new URL(request.url).searchParams.get("range") ?? DEFAULT_RATE_HISTORY_RANGE;
  return refusalAsResponse(getRateHistory(serverApi(context), params.code, range));
}

export const meta: Route.MetaFunction = ({ loaderData: data }) =>
  data
    ? [
        { title: `${data.code} rate history | Harbour FX` },
        {
          name: "description",
          content: `Our ${data.label} Click & Collect and Click & Sell rates and the market rate over the last month, year and five years.`,
        },
      ]
    : [{ title: "Rate history | Harbour FX" }];

export default function RateHistoryPage({ loaderData: history }: Route.ComponentProps) {
  return (
    <>
      <section className="banner">
        <h1>
          {history.code} {history.label} rate history
        </h1>
        <p>Our rates and the market rate for £1, at the close of each day (London time).</p>
      </section>
      <div className="page history-page">
        <nav className="history-ranges" aria-label="Period">
          {RATE_HISTORY_RANGES.map((range) => (
            <Link
              key={range}
              to={{ search: `?range=${range}` }}
              preventScrollReset
              className={`button button-small${range === history.range ? " button-primary" : ""}`}
              aria-current={range === history.range ? "page" : undefined}
            >
              {RATE_HISTORY_RANGE_LABELS[range]}
            </Link>
          ))}
        </nav>

        <table className="history-summary">
          <caption>
            Over {RATE_HISTORY_RANGE_LABELS[history.range]}, from {dayLabel(history.from)}
          </caption>
          <thead>
            <tr>
              <th scope="col">Rate</th>
              <th scope="col">High</th>
              <th scope="col">Low</th>
              <th scope="col">Change</th>
            </tr>
          </thead>
          <tbody>
            {SERIES.map((s) => {
              const summary = history.summary[s.key];
              return (
                <tr key={s.key} data-series={s.key}>
                  <th scope="row">{s.label}</th>
                  {summary ? (
                    <>
                      <td>{summary.high}</td>
                      <td>{summary.low}</td>
                      <td>{changeLabel(summary.change, summary.changePercent)}</td>
                    </>
                  ) : (
                    <td colSpan={3}>Not recorded for this period</td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>

        <RateHistoryChart history={history} />

        <SeriesTable
          className="history-table"
          caption="The rates drawn in the chart, per £1"
          labelHeading="Date"
          series={SERIES}
          rows={history.points}
          rowKey={(point) => point.day}
          rowLabel={(point) => dayLabel(point.day)}
          cell={(point, key) => point[key] ?? "–"}
          rowAttribute="data-day"
        />

        <p className="history-note">
          Market rates before we recorded our own come from the European Central Bank's daily reference rates; our Click
          & Collect and Click & Sell rates are shown from the day we recorded them.
        </p>
        <p className="history-actions">
          {WAYS.map((way) => (
            <Link
              key={way}
              to={href("/purchase/:currencyParams/:currentWay", { currencyParams: history.code, currentWay: way })}
              className={`button${way === "Order" ? " button-primary" : ""}`}
            >
              {WAY_TITLES[way]} {history.code}
            </Link>
          ))}
          <Link to="/exchangeRates" className="button">
            All exchange rates
          </Link>
        </p>
      </div>
    </>
  );
}
