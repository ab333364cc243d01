import { redirect } from "react-router";
import { signOut } from "../../features/account/account-api.ts";
import { apiAction, readIntent } from "../../lib/server-api.ts";
import type { Route } from "./+types/sign-out";

/**
 * Logout's route action (no page: the account menu and the dashboard's menu post here with a fetcher,
 * decision 016). The API's cleared session cookie is passed on to the browser.
 */
export async function action({ request, context }: Route.ActionArgs) {
  await readIntent(request, ["sign-out"]);
  return apiAction(context, (api) => signOut(api));
}

/** Nothing to show, and a GET never signs anyone out: back to the home page. */
export function loader() {
  return redirect("/");
}
