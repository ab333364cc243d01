import { html } from "./html.ts";
import { brandedMail, type MailRenderer } from "./layout.ts";

// The account e-mails: the link is built by the server (modules/users/account-mail.ts) and stored in the
// outbox with the message; it is the only thing in them besides the fixed text.

export const renderEmailVerification: MailRenderer = (data, { publicUrl }) => {
  const url = String(data.url ?? "");
  const notMeUrl = String(data.notMeUrl ?? "");
  const subject = "Confirm your e-mail address for Harbour FX";
  const text = [
    "Hello,",
    "",
    "Someone (we hope you) created a Harbour FX account with this e-mail address. To confirm that it is yours, open this link, sign in to the account if asked, and press Confirm my e-mail address:",
    url,
    "",
    "The link works for 24 hours.",
    "",
    "This wasn't me: if you did not create this account, open this link to delete it:",
    notMeUrl,
    "",
    "An account whose address is not confirmed within 7 days is deleted anyway.",
  ].join("\n");
  const body = html`<p>Hello,</p>
<p>Someone (we hope you) created a Harbour FX account with this e-mail address. To confirm that it is yours, open this link, sign in to the account if asked, and press Confirm my e-mail address:</p>
<p><a href="${url}">Confirm my e-mail address</a></p>
<p>The link works for 24 hours.</p>
<p>If you did not create this account: <a href="${notMeUrl}">This wasn't me</a> (it deletes the account).</p>
<p>An account whose address is not confirmed within 7 days is deleted anyway.</p>`;
  return brandedMail({ subject, title: "Confirm your e-mail address", body: { html: body, text }, publicUrl });
};

export const renderSignUpExistingAccount: MailRenderer = (data, { publicUrl }) => {
  const signInUrl = String(data.signInUrl ?? "");
  const resetUrl = String(data.resetUrl ?? "");
  const subject = "Someone tried to sign up with your e-mail address";
  const text = [
    "Hello,",
    "",
    "Someone (perhaps you) tried to create a Harbour FX account with this e-mail address. You already have an account, so nothing was created and nothing changed.",
    "",
    `To sign in: ${signInUrl}`,
    `If you forgot your password, choose a new one: ${resetUrl}`,
    "",
    "If this was not you, you can ignore this e-mail.",
  ].join("\n");
  const body = html`<p>Hello,</p>
<p>Someone (perhaps you) tried to create a Harbour FX account with this e-mail address. You already have an account, so nothing was created and nothing changed.</p>
<p><a href="${signInUrl}">Sign in</a> · <a href="${resetUrl}">Forgot your password?</a></p>
<p>If this was not you, you can ignore this e-mail.</p>`;
  return brandedMail({ subject, title: "You already have an account", body: { html: body, text }, publicUrl });
};

export const renderAccountClosure: MailRenderer = (data, { publicUrl }) => {
  const url = String(data.url ?? "");
  const subject = "Close your Harbour FX account";
  const text = [
    "Hello,",
    "",
    "You asked to close your Harbour FX account. To close it, open this link, sign in if asked, and press Close my account:",
    url,
    "",
    "The link works for 1 hour. Closing deletes your account, its sign-ins and its rate alerts. Your orders are kept for as long as the regulations require, then anonymised.",
    "If you did not ask for this, you can ignore this e-mail: your account stays as it is.",
  ].join("\n");
  const body = html`<p>Hello,</p>
<p>You asked to close your Harbour FX account. To close it, open this link, sign in if asked, and press Close my account:</p>
<p><a href="${url}">Close my account</a></p>
<p>The link works for 1 hour. Closing deletes your account, its sign-ins and its rate alerts. Your orders are kept for as long as the regulations require, then anonymised.</p>
<p>If you did not ask for this, you can ignore this e-mail: your account stays as it is.</p>`;
  return brandedMail({ subject, title: "Close your account", body: { html: body, text }, publicUrl });
};

export const renderPasswordReset: MailRenderer = (data, { publicUrl }) => {
  const url = String(data.url ?? "");
  const subject = "Reset your Harbour FX password";
  const text = [
    "Hello,",
    "",
    "Someone (we hope you) asked to reset the password of your Harbour FX account. To choose a new password, open this link:",
    url,
    "",
    "The link works once, for 1 hour. Setting a new password signs your account out everywhere else.",
    "If you did not ask for this, you can ignore this e-mail: your password stays as it is.",
  ].join("\n");
  const body = html`<p>Hello,</p>
<p>Someone (we hope you) asked to reset the password of your Harbour FX account.</p>
<p><a href="${url}">Choose a new password</a></p>
<p>The link works once, for 1 hour. Setting a new password signs your account out everywhere else.</p>
<p>If you did not ask for this, you can ignore this e-mail: your password stays as it is.</p>`;
  return brandedMail({ subject, title: "Reset your password", body: { html: body, text }, publicUrl });
};

/** The link that lets a staff member set up their authenticator (modules/users/second-factor-enrolment-link.ts). */
export const renderSecondFactorEnrolment: MailRenderer = (data, { publicUrl }) => {
  const url = String(data.url ?? "");
  const hours = Number(data.validHours ?? 72);
  const subject = "Set up your authenticator for the Harbour FX staff area";
  const text = [
    "Hello,",
    "",
    "Your Harbour FX account has staff access. The staff area asks for a code from an authenticator app; to set yours up, sign in and open this link:",
    url,
    "",
    `The link works for ${hours} hours, for your account only. If you did not expect this, tell the bureau's manager.`,
  ].join("\n");
  const body = html`<p>Hello,</p>
<p>Your Harbour FX account has staff access. The staff area asks for a code from an authenticator app; to set yours up, sign in and open this link:</p>
<p><a href="${url}">Set up my authenticator</a></p>
<p>The link works for ${hours} hours, for your account only. If you did not expect this, tell the bureau's manager.</p>`;
  return brandedMail({ subject, title: "Set up your authenticator", body: { html: body, text }, publicUrl });
};
