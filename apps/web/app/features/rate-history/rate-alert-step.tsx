import { useEffect, useRef } from "react";
import { data, Form, Link, type RouterContextProvider, useNavigation } from "react-router";
import type { RateAlertView } from "@bureau/domain/contracts/rate-alerts";
import { rateAlertMessages } from "@bureau/domain/rate-alerts";
import { ApiClientError } from "../../lib/api-client.ts";
import { serverApi } from "../../lib/server-api.ts";
import { openRateAlertLink, takeRateAlertStep } from "./rate-alert-api.ts";

/**
 * The pages the alert e-mails' links open (/alerts/confirm/{token}, /alerts/unsubscribe/{token}): the
 * link itself only shows what it is for; the change is the page's button, a POST (a mail scanner that
 * follows links changes nothing).
 */
export type AlertStep = "confirm" | "unsubscribe";

export type AlertStepLoaded = { alert: RateAlertView | null; problem: string | null };
export type AlertStepResult = { ok: boolean; message: string; alert: RateAlertView | null };

export async function loadAlertStep(context: Readonly<RouterContextProvider>, step: AlertStep, token: string) {
  try {
    return { alert: await openRateAlertLink(serverApi(context), step, token), problem: null } satisfies AlertStepLoaded;
  } catch (error) {
    if (!(error instanceof ApiClientError) || error.status >= 500 || error.status === 429) throw error;
    return data({ alert: null, problem: error.message } satisfies AlertStepLoaded, { status: error.status });
  }
}

export async function takeAlertStep(context: Readonly<RouterContextProvider>, step: AlertStep, token: string) {
  try {
    const answer = await takeRateAlertStep(serverApi(context), step, token);
    return { ok: true, message: answer.message, alert: answer.alert } satisfies AlertStepResult;
  } catch (error) {
    if (!(error instanceof ApiClientError) || error.status >= 500) throw error;
    return data({ ok: false, message: error.message, alert: null } satisfies AlertStepResult, {
      status: error.status,
    });
  }
}

/** Why a link's step cannot be taken any more, read from the alert as loaded (null: it can). */
function stepClosed(step: AlertStep, alert: RateAlertView): string | null {
  if (step === "confirm") {
    if (alert.status === "lapsed") return rateAlertMessages.lapsed;
    if (alert.status === "active") return rateAlertMessages.alreadyConfirmed;
    if (alert.status === "paused") return rateAlertMessages.paused;
    if (alert.status === "triggered") return rateAlertMessages.alreadyTriggered;
    if (alert.status === "unsubscribed") return rateAlertMessages.alreadyUnsubscribed;
    return null;
  }
  if (alert.waiting > 0) return null;
  if (alert.status === "lapsed") return rateAlertMessages.lapsedNothingWaiting;
  return alert.status === "triggered" ? rateAlertMessages.nothingWaiting : rateAlertMessages.alreadyUnsubscribed;
}

const TITLES: Record<AlertStep, string> = {
  confirm: "Confirm your rate alert",
  unsubscribe: "Unsubscribe from rate alerts",
};

export function AlertStepPage({
  step,
  loaded,
  result,
}: {
  step: AlertStep;
  loaded: AlertStepLoaded;
  result: AlertStepResult | undefined;
}) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const outcomeRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (result) outcomeRef.current?.focus();
  }, [result]);
  const alert = result?.alert ?? loaded.alert;
  const closed = alert && !result ? stepClosed(step, alert) : null;
  const notice = result
    ? result
    : loaded.problem
      ? { ok: false, message: loaded.problem }
      : closed
        ? { ok: true, message: closed }
        : null;

  return (
    <>
      <section className="banner">
        <h1>{TITLES[step]}</h1>
      </section>
      <div className="page narrow alert-step">
        {alert ? (
          <p>
            {step === "confirm"
              ? `An e-mail once when 1 GBP buys at least ${alert.target} ${alert.code} (${alert.label}) at our Click & Collect rate.`
              : `Your alert for 1 GBP to buy at least ${alert.target} ${alert.code} (${alert.label}).`}
          </p>
        ) : null}
        {notice ? (
          <p
            ref={outcomeRef}
            tabIndex={-1}
            className={`contact-outcome ${notice.ok ? "contact-outcome-ok" : "contact-outcome-error"}`}
            role={notice.ok ? "status" : "alert"}
          >
            {notice.message}
          </p>
        ) : null}
        {alert && !notice ? (
          <Form method="post">
            {step === "unsubscribe" ? (
              <p>
                {alert.waiting === 1
                  ? "Unsubscribing stops the one rate alert waiting for your e-mail address."
                  : `Unsubscribing stops all ${alert.waiting} rate alerts waiting for your e-mail address.`}
              </p>
            ) : null}
            <button type="submit" className="button button-primary" aria-disabled={sending}>
              {step === "confirm" ? "Switch the alert on" : "Unsubscribe"}
            </button>
          </Form>
        ) : null}
        <p>
          <Link className="button" to={alert ? `/exchangeRates/${alert.code}` : "/exchangeRates"}>
            {alert ? `${alert.code} rate history` : "Exchange rates"}
          </Link>
        </p>
      </div>
    </>
  );
}
