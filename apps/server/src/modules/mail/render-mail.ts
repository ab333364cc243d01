import {
  renderAccountClosure,
  renderEmailVerification,
  renderPasswordReset,
  renderSecondFactorEnrolment,
  renderSignUpExistingAccount,
} from "./account-mail-renderers.ts";
import { renderContactToSupport } from "./contact-mail-renderer.ts";
import type { MailKind } from "./enqueue-mail.ts";
import type { MailContext, MailRenderer, RenderedMail } from "./layout.ts";
import {
  renderOrderAmended,
  renderOrderCancelled,
  renderOrderExpired,
  renderOrderReady,
  renderOrderReceived,
} from "./order-mail-renderers.ts";
import { renderRateAlertConfirm, renderRateAlertTriggered } from "./rate-alert-mail-renderers.ts";

/** Each kind's renderer: a new kind does not compile until it has one. */
const RENDERERS: Record<MailKind, MailRenderer> = {
  "order-received": renderOrderReceived,
  "order-amended": renderOrderAmended,
  "order-ready": renderOrderReady,
  "order-cancelled": renderOrderCancelled,
  "order-expired": renderOrderExpired,
  "contact-to-support": renderContactToSupport,
  "email-verification": renderEmailVerification,
  "password-reset": renderPasswordReset,
  "sign-up-existing-account": renderSignUpExistingAccount,
  "account-closure": renderAccountClosure,
  "second-factor-enrolment": renderSecondFactorEnrolment,
  "rate-alert-confirm": renderRateAlertConfirm,
  "rate-alert-triggered": renderRateAlertTriggered,
};

/**
 * Renders an outbox message from its data. Order and rate-alert e-mails are rendered from the order or
 * alert as stored at send time (the outbox keeps only its id; `context.sources` loads it), so the e-mail
 * always matches it. Null when there is nothing to send (the order or alert is gone).
 */
export async function renderMessage(
  kind: MailKind,
  data: Record<string, unknown>,
  context: MailContext,
): Promise<RenderedMail | null> {
  return RENDERERS[kind](data, context);
}
