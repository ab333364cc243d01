import type { MyRateAlert, MyRateAlertChange } from "@bureau/domain/contracts/rate-alerts";
import { RATE_ALERT_CONFIRM_DAYS } from "@bureau/domain/rate-alerts";
import { useId, useState } from "react";
import { data, Link, redirect } from "react-router";
import { useConfirm } from "../../components/ui/confirm-dialog.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { withRedirect } from "../../features/account/redirect-target.ts";
import { sessionOfRequest } from "../../features/account/session.ts";
import { changeMyRateAlert, listMyRateAlerts } from "../../features/rate-history/rate-alert-api.ts";
import { ApiClientError } from "../../lib/api-client.ts";
import { useDisplayDates } from "../../lib/display-dates.ts";
import { useRouteAction } from "../../lib/route-action.ts";
import { apiAction, readIntent, refusalAsResponse, serverApi } from "../../lib/server-api.ts";
import type { Route } from "./+types/my-alerts";

export const meta: Route.MetaFunction = () => [
  { title: "My rate alerts | Harbour FX" },
  { name: "robots", content: "noindex" },
];

/** The alerts of the signed-in customer's verified e-mail address, newest first. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { user } = await sessionOfRequest(context);
  if (!user) throw redirect(withRedirect("/signIn", url.pathname));
  const pending = listMyRateAlerts(serverApi(context));
  try {
    await pending;
  } catch (error) {
    // An unverified address: the server's reason, and the way to verify on the profile page.
    if (error instanceof ApiClientError && error.status === 403) {
      return data({ alerts: null, problem: error.message }, { status: 403 });
    }
  }
  return { alerts: (await refusalAsResponse(pending)).alerts, problem: null };
}

/** Pause, switch back on, delete: the API checks the alert is the customer's own. */
export async function action({ request, context }: Route.ActionArgs) {
  const posted = await readIntent(request, ["pause", "resume", "delete"]);
  const id = posted.text("id");
  return apiAction(context, (api) => changeMyRateAlert(api, posted.intent, id));
}

export default function MyAlerts({ loaderData }: Route.ComponentProps) {
  const { alerts, problem } = loaderData;
  return (
    <div className="page narrow my-alerts">
      <h1>My rate alerts</h1>
      {problem !== null ? (
        <>
          <p role="alert">{problem}</p>
          <p>
            <Link className="button button-primary" to="/account/profile">
              Go to your profile
            </Link>
          </p>
        </>
      ) : alerts && alerts.length === 0 ? (
        <p>You have no rate alerts yet.</p>
      ) : alerts ? (
        <ul className="my-alert-list">
          {alerts.map((alert) => (
            <AlertCard key={alert.id} alert={alert} />
          ))}
        </ul>
      ) : null}
      {problem === null ? (
        <p>
          Set an alert on a currency's page under <Link to="/exchangeRates">Exchange rates</Link>: we e-mail you once
          when our Click & Collect rate reaches your target.
        </p>
      ) : null}
    </div>
  );
}

function statusText(alert: MyRateAlert, longDate: (date: string) => string): string {
  switch (alert.status) {
    case "active":
      return "On: we e-mail you once when our rate reaches your target.";
    case "paused":
      return "Paused: we will not e-mail you until you switch it back on.";
    case "pending":
      return "Waiting for its confirmation: open the link in the e-mail we sent to switch it on.";
    case "lapsed":
      return `Lapsed: it was not confirmed within ${RATE_ALERT_CONFIRM_DAYS} days.`;
    case "triggered":
      return alert.triggeredAt && alert.triggeredRate
        ? `Sent on ${longDate(alert.triggeredAt)}, when 1 GBP bought ${alert.triggeredRate} ${alert.code}. It has ended.`
        : "Sent. It has ended.";
    case "unsubscribed":
      return "Stopped: you unsubscribed.";
  }
}

function AlertCard({ alert }: { alert: MyRateAlert }) {
  const toast = useToast();
  const headingId = useId();
  const problemId = useId();
  const { confirm, dialog } = useConfirm();
  const change = useRouteAction<MyRateAlertChange>();
  const [problem, setProblem] = useState<string | null>(null);
  const dates = useDisplayDates();
  const name = `${alert.code} alert at ${alert.target}`;

  const run = async (intent: "pause" | "resume" | "delete") => {
    setProblem(null);
    const outcome = await change.submit(intent, { id: alert.id });
    if (outcome.ok) return toast.success(outcome.value.message);
    // Said at the alert as well as in the toast, as the account's other forms do.
    setProblem(outcome.message);
    toast.error(outcome.message);
  };
  const askToDelete = async () => {
    const asked = await confirm({
      title: `Delete your ${alert.code} alert?`,
      text: `We will no longer e-mail you when 1 GBP buys at least ${alert.target} ${alert.code}.`,
      confirmLabel: "Yes, delete it",
      cancelLabel: "Keep it",
      danger: true,
    });
    if (asked) await run("delete");
  };

  return (
    <li className="my-alert" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {alert.code} <span className="my-alert-label">{alert.label}</span>
      </h2>
      <p className="my-alert-target">
        When 1 GBP buys at least <strong>{alert.target}</strong> {alert.code}
      </p>
      {alert.collectRate ? (
        <p className="my-alert-rate">
          Our rate now: 1 GBP buys {alert.collectRate} {alert.code}
        </p>
      ) : null}
      <p className="my-alert-status">{statusText(alert, dates.longDate)}</p>
      {problem ? (
        <p id={problemId} className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="my-alert-actions">
        {alert.status === "active" ? (
          <button type="button" className="button" onClick={() => void run("pause")} aria-busy={change.busy}>
            Pause<span className="visually-hidden"> {name}</span>
          </button>
        ) : null}
        {alert.status === "paused" ? (
          <button
            type="button"
            className="button button-primary"
            onClick={() => void run("resume")}
            aria-busy={change.busy}
            aria-describedby={problem ? problemId : undefined}
          >
            Switch on<span className="visually-hidden"> {name}</span>
          </button>
        ) : null}
        <button
          type="button"
          className="button button-danger"
          onClick={() => void askToDelete()}
          aria-busy={change.busy}
        >
          Delete<span className="visually-hidden"> {name}</span>
        </button>
      </div>
      {dialog}
    </li>
  );
}
