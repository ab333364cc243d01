import { data, Link, type ShouldRevalidateFunctionArgs } from "react-router";
import { AmendOrderForm } from "../../features/tracking/amend-order-form.tsx";
import { TrackedOrderView } from "../../features/tracking/tracked-order-view.tsx";
import { cancelNotice, trackingAction } from "../../features/tracking/tracking-action.ts";
import { openOrderLink } from "../../features/tracking/tracking-api.ts";
import { ApiClientError } from "../../lib/api-client.ts";
import { serverApi } from "../../lib/server-api.ts";
import type { Route } from "./+types/track-link";

/** The order page behind the signed link in every order e-mail (no typing; while the order is open). */
export async function loader({ context, params }: Route.LoaderArgs) {
  const api = serverApi(context);
  try {
    const order = await openOrderLink(api, params.token);
    // A Pending order may be amended: the branches it may move to (docs/features/amend-order.md).
    const branches = order.canAmend
      ? (await api.reference.branches()).branches.map(({ key, name }) => ({ key, name }))
      : [];
    return { order, branches, problem: null };
  } catch (error) {
    if (!(error instanceof ApiClientError) || error.status >= 500 || error.status === 429) throw error;
    return data({ order: null, branches: [], problem: error.message }, { status: error.status });
  }
}

export const meta: Route.MetaFunction = () => [
  { title: "Your order | Harbour FX" },
  {
    name: "description",
    content: "Your Harbour FX order: its collection pass, what you get, the collect-by date and the branch's hours.",
  },
  // The page of one customer's order, reached by its signed link: never in a search engine's index.
  { name: "robots", content: "noindex" },
];

export async function action({ request, context }: Route.ActionArgs) {
  return trackingAction(request, context);
}

export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  // After a cancel the link has done its job (it stops working once the order is closed): show the
  // cancel's answer rather than reloading the page through the link. An amendment answers the order too.
  return formMethod ? false : defaultShouldRevalidate;
}

export default function TrackLink({ loaderData, actionData, params }: Route.ComponentProps) {
  const order =
    actionData?.kind === "cancelled" || actionData?.kind === "amended" ? actionData.order : loaderData.order;
  const amendResult =
    actionData?.kind === "amend-preview" || actionData?.kind === "amend-refused" ? actionData : undefined;
  const notice = cancelNotice(actionData);
  return (
    <>
      <section className="banner">
        <h1>Your order</h1>
      </section>
      <div className="page narrow">
        {order ? (
          <>
            <TrackedOrderView order={order} formAction={`/track/${params.token}`} notice={notice} />
            {order.canAmend && loaderData.branches.length > 0 ? (
              <AmendOrderForm
                order={order}
                branches={loaderData.branches}
                formAction={`/track/${params.token}`}
                result={amendResult}
              />
            ) : null}
          </>
        ) : (
          <>
            <p className="track-problem" role="alert">
              {loaderData.problem}
            </p>
            <p>
              <Link className="button button-primary" to="/track">
                Track your order
              </Link>
            </p>
          </>
        )}
      </div>
    </>
  );
}
