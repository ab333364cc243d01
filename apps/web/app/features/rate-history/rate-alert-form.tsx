import { useId } from "react";
import { Form, useNavigation } from "react-router";
import type { RateAlertFields } from "@bureau/domain/contracts/rate-alerts";
import { EmailField } from "../../components/ui/email-field.tsx";
import { FormField, FormOutcome, type FormResult, useFormOutcome } from "../../components/ui/form-field.tsx";
import { useSessionUser } from "../account/session.ts";

/** What the rate history route's action answers; the form shows it (and keeps what was typed on failure). */
export type RateAlertFormResult = FormResult<RateAlertFields>;

/**
 * "Alert me when 1 GBP buys at least": posts to the rate history route's action (works without
 * JavaScript); the server validates, rate-limits and e-mails the confirmation link. A signed-in customer
 * whose address is verified finds it filled in: an alert for it is on at once, with no confirmation e-mail
 * (the server decides that from the session, not from this form).
 */
export function RateAlertForm({
  code,
  collectRate,
  result,
}: {
  code: string;
  /** Our current Click & Collect rate, as a hint of what to aim for (not called "today's": it may be older, docs/features/rates-say-how-old-they-are.md). */
  collectRate: string | null;
  result: RateAlertFormResult | undefined;
}) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  const { formRef, outcomeRef, errors, values } = useFormOutcome(result);
  const id = useId();
  const user = useSessionUser();
  const ownEmail = user?.emailVerified ? user.email : null;

  return (
    <section className="rate-alert" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Rate alert</h2>
      <p>
        We e-mail you once when our Click & Collect rate reaches your target, with a link to order at that rate.
        {collectRate ? ` At our current rate 1 GBP buys ${collectRate} ${code}.` : null}
      </p>
      <Form method="post" className="contact-form rate-alert-form" noValidate ref={formRef} preventScrollReset>
        <FormOutcome result={result} outcomeRef={outcomeRef} />
        <FormField
          id={`${id}-target`}
          label="Alert me when 1 GBP buys at least"
          error={errors.target}
          describedBy={[`${id}-unit`]}
          input={(props) => (
            <div className="rate-alert-target">
              <input
                {...props}
                name="target"
                type="text"
                inputMode="decimal"
                autoComplete="off"
                required
                maxLength={20}
                defaultValue={values?.target ?? ""}
              />
              <span id={`${id}-unit`}>{code}</span>
            </div>
          )}
        />
        <EmailField
          id={`${id}-email`}
          error={errors.email}
          required
          maxLength={254}
          defaultValue={values?.email ?? ownEmail ?? ""}
        />
        <p className="contact-privacy">
          {ownEmail
            ? `An alert for your verified address ${ownEmail} is on at once; for another address we send a link to confirm first. `
            : "We send a link to confirm first. "}
          Every alert e-mail has a one-click unsubscribe. See our <a href="/privacyPolicy">Privacy Policy</a>
          {ownEmail ? (
            <>
              , and <a href="/account/alerts">My rate alerts</a> to pause or delete yours
            </>
          ) : null}
          .
        </p>
        <button type="submit" className="button button-primary" aria-disabled={sending}>
          {sending ? "Sending…" : "Set alert"}
        </button>
      </Form>
    </section>
  );
}
