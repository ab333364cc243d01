import { Link } from "react-router";
import type { RateRefreshState } from "@bureau/domain/contracts/dashboard";
import { useToast } from "../../components/ui/toast.tsx";
import { CompetitorRatesForm } from "../../features/dashboard/competitor-rates-form.tsx";
import { confirmHeldRate, saveCompetitorRates, setLiveRates } from "../../features/dashboard/dashboard-api.ts";
import { HeldRateMoves } from "../../features/dashboard/held-rate-moves.tsx";
import { useDisplayDates } from "../../lib/display-dates.ts";
import { useRouteAction } from "../../lib/route-action.ts";
import { apiAction, readIntent, serverApi } from "../../lib/server-api.ts";
import "../../features/dashboard/dashboard.css";
import type { Route } from "./+types/currencies";
import { DataTable } from "../../components/ui/data-table.tsx";

export const meta: Route.MetaFunction = () => [{ title: "Manipulate Currency | Harbour FX dashboard" }];

export async function loader({ context }: Route.LoaderArgs) {
  const api = serverApi(context);
  const [list, live, competitors] = await Promise.all([
    api.admin.currencies.list(),
    api.admin.rates.refreshState(),
    api.admin.compareRates.get(),
  ]);
  return { currencies: list.currencies, live, competitors };
}

/** The page's changes: live rates on or off, a held rate confirmed, the competitor figures saved. */
export async function action({ request, context }: Route.ActionArgs) {
  const posted = await readIntent(request, ["live-rates", "confirm-held-rate", "competitor-rates"]);
  switch (posted.intent) {
    case "live-rates":
      return apiAction(context, (api) => setLiveRates(api, posted.flag("enabled")));
    case "confirm-held-rate":
      return apiAction(context, (api) => confirmHeldRate(api, posted.text("code")));
    case "competitor-rates":
      return apiAction(context, (api) => saveCompetitorRates(api, posted.value("figures")));
  }
}

export default function Currencies({ loaderData }: Route.ComponentProps) {
  const toast = useToast();
  const { submit, busy } = useRouteAction<RateRefreshState>();
  const { live } = loaderData;
  const dates = useDisplayDates();

  async function toggle() {
    const outcome = await submit("live-rates", { enabled: !live.enabled });
    if (!outcome.ok) toast.error(outcome.message);
  }

  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading">Manipulate Currency</h1>
      <div className="live-toggle">
        <button
          type="button"
          className="button button-primary"
          onClick={toggle}
          disabled={busy}
          aria-pressed={live.enabled}
        >
          {live.enabled ? "Stop the Latest" : "Get the Latest"}
        </button>
        <span className="muted" aria-live="polite">
          Live rates are {live.enabled ? "on" : "off"} ({live.provider}, every {live.intervalSeconds} s).{" "}
          {live.lastRefreshAt
            ? `Last refreshed ${dates.longDate(live.lastRefreshAt)} at ${dates.time(live.lastRefreshAt)}.`
            : "Not refreshed yet."}
          {live.lastError ? ` ${live.lastError}` : ""}
        </span>
      </div>
      <HeldRateMoves moves={live.heldMoves ?? []} />
      <DataTable
        caption="Currencies"
        hiddenCaption
        columns={["Currency Name", "Country Name", "Market Price", "Buying Price", "Selling Price", "Action"]}
        scrollable
      >
        {loaderData.currencies.map((c) => (
          <tr key={c.code}>
            <th scope="row">{c.code}</th>
            <td>{c.label}</td>
            <td>{c.rate}</td>
            <td>{c.sellRate}</td>
            <td>{c.collectRate}</td>
            <td>
              <Link className="button button-small" to={`/dashboard/update/${c.code}`}>
                Update<span className="visually-hidden"> {c.code}</span>
              </Link>
            </td>
          </tr>
        ))}
      </DataTable>
      <CompetitorRatesForm initial={loaderData.competitors} />
    </section>
  );
}
