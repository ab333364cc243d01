import { deleteUnclaimedAccount } from "../../features/account/account-api.ts";
import { AccountLinkPage } from "../../features/account/account-link-page.tsx";
import { accountLinkMeta } from "../../features/account/account-link-route.ts";
import { apiAction, readIntent } from "../../lib/server-api.ts";
import type { Route } from "./+types/not-me";

export const meta: Route.MetaFunction = () => accountLinkMeta("This wasn't me");

export async function loader({ url }: Route.LoaderArgs) {
  return { token: url.searchParams.get("token") ?? "", here: `${url.pathname}${url.search}` };
}

export async function action({ request, context }: Route.ActionArgs) {
  const posted = await readIntent(request, ["delete-account"]);
  return apiAction(context, (api) => deleteUnclaimedAccount(api, posted.text("token")));
}

/** "This wasn't me" from the verification e-mail: the address's owner deletes an account they did not create. */
export default function NotMe({ loaderData }: Route.ComponentProps) {
  const { token, here } = loaderData;
  return (
    <AccountLinkPage
      heading="This wasn't me"
      token={token}
      here={here}
      signedInUser={null}
      needsSignIn={false}
      explanation={
        <p>
          If you did not create a Harbour FX account with this e-mail address, delete it here. Only an account whose
          address has not been confirmed is deleted, with its sign-ins; nothing else changes.
        </p>
      }
      buttonLabel="Delete the account"
      intent="delete-account"
      done={<p>The account is deleted. Nobody can sign in to it any more.</p>}
    />
  );
}
