import { useEffect, useId, useRef } from "react";
import { Form, useNavigation } from "react-router";
import type { RateAlertFields } from "@bureau/domain/contracts/rate-alerts";

/** What the rate history route's action answers; the form shows it (and keeps what was typed on failure). */
export type RateAlertFormResult =
  | { ok: true; message: string }
  | {
      ok: false;
      message: string;
      fields: Partial<Record<RateAlertFields, string>>;
      values: Record<RateAlertFields, string>;
    };

/**
 * "Alert me when 1 GBP buys at least": posts to the rate history route's action (works without
 * JavaScript); the server validates, rate-limits and e-mails the confirmation link.
 */
export function RateAlertForm({
  code,
  collectRate,
  result,
}: {
  code: string;
  /** Today's Click & Collect rate, as a hint of what to aim for. */
  collectRate: string | null;
  result: RateAlertFormResult | undefined;
}) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  const formRef = useRef<HTMLFormElement>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const id = useId();
  const errors = result && !result.ok ? result.fields : {};
  const values = result && !result.ok ? result.values : undefined;

  useEffect(() => {
    if (!result) return;
    if (result.ok) formRef.current?.reset();
    outcomeRef.current?.focus();
  }, [result]);

  const describedBy = (name: RateAlertFields, hint?: string) =>
    [hint, errors[name] ? `${id}-${name}-error` : undefined].filter(Boolean).join(" ") || undefined;

  return (
    <section className="rate-alert" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Rate alert</h2>
      <p>
        We e-mail you once when our Click & Collect rate reaches your target, with a link to order at that rate.
        {collectRate ? ` Today 1 GBP buys ${collectRate} ${code}.` : null}
      </p>
      <Form method="post" className="contact-form rate-alert-form" noValidate ref={formRef} preventScrollReset>
        {result ? (
          <div
            ref={outcomeRef}
            tabIndex={-1}
            className={`contact-outcome ${result.ok ? "contact-outcome-ok" : "contact-outcome-error"}`}
            role={result.ok ? "status" : "alert"}
          >
            {result.message}
          </div>
        ) : null}
        <div className="contact-field">
          <label htmlFor={`${id}-target`}>Alert me when 1 GBP buys at least</label>
          <div className="rate-alert-target">
            <input
              id={`${id}-target`}
              name="target"
              type="text"
              inputMode="decimal"
              autoComplete="off"
              required
              maxLength={20}
              defaultValue={values?.target ?? ""}
              aria-invalid={errors.target ? true : undefined}
              aria-describedby={describedBy("target", `${id}-unit`)}
            />
            <span id={`${id}-unit`}>{code}</span>
          </div>
          {errors.target ? (
            <p className="contact-error" id={`${id}-target-error`}>
              {errors.target}
            </p>
          ) : null}
        </div>
        <div className="contact-field">
          <label htmlFor={`${id}-email`}>Email</label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            defaultValue={values?.email ?? ""}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={describedBy("email")}
          />
          {errors.email ? (
            <p className="contact-error" id={`${id}-email-error`}>
              {errors.email}
            </p>
          ) : null}
        </div>
        <p className="contact-privacy">
          We send a link to confirm first; every alert e-mail has a one-click unsubscribe. See our{" "}
          <a href="/privacyPolicy">Privacy Policy</a>.
        </p>
        <button type="submit" className="button button-primary" aria-disabled={sending}>
          {sending ? "Sending…" : "Set alert"}
        </button>
      </Form>
    </section>
  );
}
