import { Link } from "react-router";
import { confirmEmailAddress } from "../../features/account/account-api.ts";
import { AccountLinkPage } from "../../features/account/account-link-page.tsx";
import { accountLinkLoader, accountLinkMeta } from "../../features/account/account-link-route.ts";
import { apiAction, readIntent } from "../../lib/server-api.ts";
import type { Route } from "./+types/verify-email";

export const meta: Route.MetaFunction = () => accountLinkMeta("Confirm your e-mail address");

export const loader = (args: Route.LoaderArgs) => accountLinkLoader(args);

export async function action({ request, context }: Route.ActionArgs) {
  const posted = await readIntent(request, ["confirm-email"]);
  return apiAction(context, (api) => confirmEmailAddress(api, posted.text("token")));
}

/** Where the verification e-mail's link lands: the account, signed in, confirms its address here. */
export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  const { user, token, here } = loaderData;
  return (
    <AccountLinkPage
      heading="Confirm your e-mail address"
      token={token}
      here={here}
      signedInUser={user}
      needsSignIn
      signInText="To confirm this address, sign in to the account you created with it."
      explanation={
        <p>
          Confirm that {user?.email} is your e-mail address. Confirming signs this account out on every other device.
        </p>
      }
      buttonLabel="Confirm my e-mail address"
      intent="confirm-email"
      done={
        <>
          <p>Your e-mail address is verified.</p>
          <p>
            <Link to="/account/orders">My orders</Link> shows every order placed with it.
          </p>
        </>
      }
    />
  );
}
