import {
  OAUTH_POPUP_CHANNEL,
  OAUTH_POPUP_COMPLETE_PATH,
  OAUTH_POPUP_MESSAGE_TYPE,
  type OAuthPopupMessage,
} from "@bureau/domain/account-rules";

export type PopupOutcome = "signed-in" | "failed" | "redirected" | "superseded";

let cancelPending: (() => void) | undefined;

/**
 * "Continue with Google" (or the OpenID Connect provider) through a popup (spec §3). The popup is
 * opened at once, inside the click, so that browsers do not block it; then it is sent to the
 * provider's authorize URL. It ends on our popup-complete page, which announces the outcome on a
 * BroadcastChannel (our Cross-Origin-Opener-Policy cuts window.opener once the popup has visited the
 * provider, so that is the dependable path) and closes. Where popups are blocked, the whole page goes
 * to the provider instead and comes back to `returnTo`.
 */
export async function signInWithProviderPopup(
  startProviderSignIn: (provider: string, callbackURL: string) => Promise<{ url: string }>,
  provider: string,
  returnTo: string,
): Promise<PopupOutcome> {
  cancelPending?.();
  const popup = window.open("", "harbour-fx-sign-in", "popup=yes,width=520,height=700");
  if (!popup) {
    const { url } = await startProviderSignIn(provider, returnTo);
    window.location.assign(url);
    return "redirected";
  }
  const outcome = waitForPopupMessage();
  try {
    const { url } = await startProviderSignIn(provider, OAUTH_POPUP_COMPLETE_PATH);
    popup.location.href = url;
  } catch (error) {
    cancelPending?.();
    popup.close();
    throw error;
  }
  return outcome;
}

function waitForPopupMessage(): Promise<PopupOutcome> {
  return new Promise<PopupOutcome>((resolve) => {
    const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(OAUTH_POPUP_CHANNEL) : null;
    const finish = (outcome: PopupOutcome) => {
      channel?.close();
      window.removeEventListener("message", onWindowMessage);
      cancelPending = undefined;
      resolve(outcome);
    };
    const handle = (data: unknown) => {
      const message = data as Partial<OAuthPopupMessage> | null;
      if (message?.type !== OAUTH_POPUP_MESSAGE_TYPE) return;
      finish(message.ok ? "signed-in" : "failed");
    };
    const onWindowMessage = (event: MessageEvent) => {
      if (event.origin === window.location.origin) handle(event.data);
    };
    if (channel) channel.onmessage = (event) => handle(event.data);
    window.addEventListener("message", onWindowMessage);
    // A second click starts again; the first wait ends quietly.
    cancelPending = () => finish("superseded");
  });
}
