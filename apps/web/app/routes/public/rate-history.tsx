import { data, href, Link, type ShouldRevalidateFunctionArgs } from "react-router";
import type { RateAlertFields } from "@bureau/domain/contracts/rate-alerts";
import { WAY_TITLES, WAYS } from "@bureau/domain/constants";
import { RenderWhenVisible } from "../../components/ui/render-when-visible.tsx";
import {
  DEFAULT_RATE_HISTORY_RANGE,
  RATE_HISTORY_RANGE_LABELS,
  RATE_HISTORY_RANGES,
} from "@bureau/domain/rate-history";
import { SeriesTable } from "../../components/ui/series-table.tsx";
import { RateHistoryChart, SERIES } from "../../features/rate-history/rate-history-chart.tsx";
import { createRateAlert } from "../../features/rate-history/rate-alert-api.ts";
import { RateAlertForm, type RateAlertFormResult } from "../../features/rate-history/rate-alert-form.tsx";
import { getRateHistory } from "../../features/rate-history/rate-history-api.ts";
import { ApiClientError, apiFieldProblems } from "../../lib/api-client.ts";
import { readFormFields } from "../../lib/form-fields.ts";
import { changeLabel, dayLabel } from "../../features/rate-history/rate-history-format.ts";
import { refusalAsResponse, serverApi } from "../../lib/server-api.ts";
import type { Route } from "./+types/rate-history";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const range = new URL(request.url).searchParams.get("range") ?? DEFAULT_RATE_HISTORY_RANGE;
  return refusalAsResponse(getRateHistory(serverApi(context), params.code, range));
}

const ALERT_FIELDS: RateAlertFields[] = ["target", "email"];

/** "Alert me when 1 GBP buys at least": the server checks, limits and e-mails the confirmation link. */
export async function action({ request, context, params }: Route.ActionArgs) {
  // Posts from another site never get here: the server refuses them first (plugins/cross-site.ts).
  const text = await readFormFields(request);
  const values = { target: text("target"), email: text("email") };
  try {
    const response = await createRateAlert(serverApi(context), params.code, values);
    return { ok: true, message: response.message } satisfies RateAlertFormResult;
  } catch (error) {
    if (!(error instanceof ApiClientError) || error.status >= 500) throw error;
    const fields = apiFieldProblems(error, ALERT_FIELDS);
    const message =
      Object.keys(fields).length > 0
        ? "Your alert was not set. Please correct the fields marked below."
        : error.message;
    return data({ ok: false, message, fields, values } satisfies RateAlertFormResult, { status: error.status });
  }
}

export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  // Setting an alert changes nothing the chart shows.
  return formMethod ? false : defaultShouldRevalidate;
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

export default function RateHistoryPage({ loaderData: history, actionData }: Route.ComponentProps) {
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

        {/* Every day of the period, below the chart: rendered when it nears the screen. */}
        <RenderWhenVisible data={history}>
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
        </RenderWhenVisible>

        <p className="history-note">
          Market rates before we recorded our own come from the European Central Bank's daily reference rates; our Click
          & Collect and Click & Sell rates are shown from the day we recorded them.
        </p>
        <RateAlertForm code={history.code} collectRate={history.summary.collect?.last ?? null} result={actionData} />

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
