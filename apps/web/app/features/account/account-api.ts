import type { ApiClient } from "../../lib/api-client.ts";
import type { Role } from "@bureau/domain/contracts/accounts";

/**
 * The account area's calls, through the web app's one API client. Sign-in, sign-up and sign-out go
 * to the authentication endpoints under /api/auth (better-auth, mounted by our server, which answers
 * errors in the API's usual shape), without shipping the library's client to the browser.
 */

export function signInWithEmail(api: ApiClient, credentials: { email: string; password: string }) {
  return api.auth.signInWithEmail({ ...credentials, rememberMe: true });
}

export function signUpWithEmail(api: ApiClient, credentials: { email: string; password: string }) {
  return api.auth.signUpWithEmail({ ...credentials, name: "" });
}

export function signOut(api: ApiClient) {
  return api.auth.signOut({});
}

/** Asks for a password reset link by e-mail; the answer is the same whether an account has the address. */
export function requestPasswordReset(api: ApiClient, email: string) {
  return api.auth.requestPasswordReset({ email });
}

/** Sets a new password with the token of a reset link (single use); every session of the account ends. */
export function resetPassword(api: ApiClient, token: string, newPassword: string) {
  return api.auth.resetPassword({ token, newPassword });
}

/** Sends the signed-in person a new e-mail verification link. */
export function sendVerificationEmail(api: ApiClient, email: string) {
  return api.auth.sendVerificationEmail({ email });
}

/** Ends every session of the signed-in account, on every device, this one included. */
export function signOutEverywhere(api: ApiClient) {
  return api.auth.revokeSessions({});
}

/** Starts a "Continue with …" sign-in; answers the provider's authorize URL to open. */
export function startProviderSignIn(api: ApiClient, provider: string, callbackURL: string) {
  return api.auth.signInWithProvider({
    provider,
    callbackURL,
    errorCallbackURL: callbackURL,
    disableRedirect: true,
  });
}

export function signInProviders(api: ApiClient) {
  return api.session.signInProviders();
}

/** The profile's phone number (null when none is given). */
export function accountPhone(api: ApiClient) {
  return api.account.phone();
}

/** Sets the profile's phone number; an empty one removes it. */
export function saveAccountPhone(api: ApiClient, phone: string) {
  return api.account.setPhone({ phone });
}

/**
 * Changes the password with the current one; every other session of the account ends (the server insists
 * on it) and this device gets a new session cookie, which the route action passes on.
 */
export function changePassword(api: ApiClient, passwords: { currentPassword: string; newPassword: string }) {
  return api.auth.changePassword({ ...passwords, revokeOtherSessions: true });
}

export function updateDisplayName(api: ApiClient, name: string) {
  return api.account.updateProfile({ name });
}

/**
 * Uploads the photo as the file itself, with the type the browser gave it (any of the image types, or
 * none): the API decides on the file's bytes and its size.
 */
export function uploadProfilePhoto(api: ApiClient, photo: Blob) {
  return api.account.uploadPhoto({
    contentType: photo.type || "application/octet-stream",
    data: photo,
  });
}

export function openSecureBox(api: ApiClient, credentials: { username: string; password: string; code?: string }) {
  return api.session.openSecureBox(credentials);
}

/** Whether the signed-in admin has an authenticator set up (the Secure Box then asks for its code). */
export function secondFactorStatus(api: ApiClient) {
  return api.account.secondFactor.status();
}

/** Admins: a new authenticator secret, as a QR code (SVG) and as text; not in force until confirmed. */
export function startAuthenticatorEnrolment(api: ApiClient, enrolmentToken: string) {
  return api.account.secondFactor.startEnrolment({ enrolmentToken });
}

/** Puts the new authenticator in force with its current code; answers the recovery codes, this once. */
export function confirmAuthenticator(api: ApiClient, code: string, enrolmentToken: string) {
  return api.account.secondFactor.confirm({ code, enrolmentToken });
}

/** Resets another admin's authenticator: they are e-mailed a new set-up link (decision 032). */
export function resetAuthenticator(api: ApiClient, userId: string) {
  return api.admin.users.resetSecondFactor({ id: userId });
}

export function listUsers(api: ApiClient, after: string | null) {
  return api.admin.users.list(after ? { after } : {});
}

export function makeAdmin(api: ApiClient, userId: string) {
  return api.admin.users.makeAdmin({ id: userId });
}

/** Gives a staff role and branches; role "user" is Demote. */
export function setStaffRole(api: ApiClient, userId: string, role: Role, branches: string[]) {
  return api.admin.users.setRole({ id: userId, body: { role, branches } });
}

/** Disable (no sign-in, sessions end) or Enable again. */
export function setUserDisabled(api: ApiClient, userId: string, disabled: boolean) {
  return disabled ? api.admin.users.disable({ id: userId }) : api.admin.users.enable({ id: userId });
}

/** Confirms the signed-in account's e-mail address with its verification link's token (a POST, never the link itself). */
export function confirmEmailAddress(api: ApiClient, token: string) {
  return api.account.confirmEmail({ token });
}

/** "This wasn't me": deletes the unconfirmed account the verification e-mail was sent for. */
export function deleteUnclaimedAccount(api: ApiClient, token: string) {
  return api.account.deleteUnclaimed({ token });
}

/** E-mails the signed-in customer the link that closes the account. */
export function requestAccountClosure(api: ApiClient) {
  return api.account.requestClosure();
}

/** Closes the signed-in customer's account with the closure e-mail's token. */
export function closeAccount(api: ApiClient, token: string) {
  return api.account.close({ token });
}
