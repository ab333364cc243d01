import { useNavigate } from "react-router";
import { useToast } from "../../components/ui/toast.tsx";
import { closeAccount } from "../../features/account/account-api.ts";
import { AccountLinkPage } from "../../features/account/account-link-page.tsx";
import { accountLinkLoader, accountLinkMeta } from "../../features/account/account-link-route.ts";
import { apiAction, readIntent } from "../../lib/server-api.ts";
import type { Route } from "./+types/close-account";

export const meta: Route.MetaFunction = () => accountLinkMeta("Close your account");

export const loader = (args: Route.LoaderArgs) => accountLinkLoader(args);

export async function action({ request, context }: Route.ActionArgs) {
  const posted = await readIntent(request, ["close-account"]);
  return apiAction(context, (api) => closeAccount(api, posted.text("token")));
}

/** Where the closure e-mail's link lands: the customer, signed in, closes the account here. */
export default function CloseAccount({ loaderData }: Route.ComponentProps) {
  const { user, token, here } = loaderData;
  const toast = useToast();
  const navigate = useNavigate();
  return (
    <AccountLinkPage
      heading="Close your account"
      token={token}
      here={here}
      signedInUser={user}
      needsSignIn
      signInText="To close your account, sign in to it first."
      explanation={
        <p>
          Closing deletes the account {user?.email}, signs it out everywhere and removes its rate alerts. Your orders
          are kept for as long as the regulations require, then anonymised. You cannot undo this.
        </p>
      }
      buttonLabel="Close my account"
      intent="close-account"
      done={<p>Your account is closed.</p>}
      onDone={async () => {
        toast.success("Your account is closed");
        await navigate("/", { replace: true });
      }}
    />
  );
}
