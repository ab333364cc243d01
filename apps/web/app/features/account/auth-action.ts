import type { RouterContextProvider } from "react-router";
import { apiAction, readIntent } from "../../lib/server-api.ts";
import { signInWithEmail, signUpWithEmail, startProviderSignIn } from "./account-api.ts";

/**
 * The route action of the sign-in and sign-up screens (decision 016): e-mail and password, or the
 * start of a "Continue with …" sign-in. The API's session and state cookies are passed on to the browser.
 */
export async function authAction(request: Request, context: Readonly<RouterContextProvider>) {
  const posted = await readIntent(request, ["sign-in", "sign-up", "provider"]);
  switch (posted.intent) {
    case "sign-in":
      return apiAction(context, (api) =>
        signInWithEmail(api, { email: posted.text("email"), password: posted.text("password") }),
      );
    case "sign-up":
      return apiAction(context, (api) =>
        signUpWithEmail(api, { email: posted.text("email"), password: posted.text("password") }),
      );
    case "provider":
      return apiAction(context, (api) => startProviderSignIn(api, posted.text("provider"), posted.text("callbackURL")));
  }
}
