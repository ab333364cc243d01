import { formatMinor } from "@bureau/domain/money";
import { ORDER_CHANNEL_LABELS } from "@bureau/domain/counter-trade";
import { BarChart } from "../../features/dashboard/bar-chart.tsx";
import { serverApi } from "../../lib/server-api.ts";
import "../../features/dashboard/dashboard.css";
import type { Route } from "./+types/statics";

export const meta: Route.MetaFunction = () => [{ title: "Statics | Harbour FX dashboard" }];

export async function loader({ context }: Route.LoaderArgs) {
  return serverApi(context).admin.statistics();
}

export default function Statics({ loaderData: stats }: Route.ComponentProps) {
  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading">Statics</h1>
      <dl className="stat-cards">
        <div className="stat-card">
          <dt>Accepted</dt>
          <dd>{stats.counts.accepted}</dd>
        </div>
        <div className="stat-card">
          <dt>Pending</dt>
          <dd>{stats.counts.pending}</dd>
        </div>
        <div className="stat-card">
          <dt>On hold</dt>
          <dd>{stats.counts.onHold}</dd>
        </div>
        <div className="stat-card">
          <dt>Completed</dt>
          <dd>{stats.counts.completed}</dd>
        </div>
        {stats.counts.reversed > 0 ? (
          <div className="stat-card">
            <dt>Reversed</dt>
            <dd>{stats.counts.reversed}</dd>
          </div>
        ) : null}
        <div className="stat-card">
          <dt>Expired</dt>
          <dd>{stats.counts.expired}</dd>
        </div>
      </dl>
      <BarChart
        title="Orders per day, last 30 days"
        series={[
          { key: "Order", label: "Click & Collect", className: "bar-order", swatch: "swatch-order" },
          { key: "Sell", label: "Click & Sell", className: "bar-sell", swatch: "swatch-sell" },
        ]}
        rows={stats.perDay.map((d) => ({ label: d.day.slice(5), values: { Order: d.Order, Sell: d.Sell } }))}
      />
      <BarChart
        title="Sterling volume by currency, last 30 days"
        series={[{ key: "gbp", label: "Sterling", className: "bar-plain" }]}
        rows={stats.volumeByCurrency.slice(0, 12).map((c) => ({ label: c.currency, values: { gbp: c.gbpMinor } }))}
        format={(v) => formatMinor(v, "GBP")}
      />
      <BarChart
        title="Orders by branch, last 30 days"
        series={[{ key: "orders", label: "Orders", className: "bar-plain" }]}
        rows={stats.byBranch.map((b) => ({ label: b.name, values: { orders: b.orders } }))}
      />
      <BarChart
        title="Completed by channel: online orders and walk-in trades at the counter"
        series={[{ key: "gbp", label: "Sterling", className: "bar-plain" }]}
        rows={stats.byChannel.map((c) => ({
          label: `${ORDER_CHANNEL_LABELS[c.channel]} (${c.completed})`,
          values: { gbp: c.gbpMinor },
        }))}
        format={(v) => formatMinor(v, "GBP")}
      />
    </section>
  );
}
