import { useEffect, useState } from "react";
import type { TrackedOrder } from "@bureau/domain/contracts/tracking";
import { TrackOrderForm } from "../../features/tracking/track-order-form.tsx";
import { TrackedOrderView } from "../../features/tracking/tracked-order-view.tsx";
import { cancelNotice, trackingAction } from "../../features/tracking/tracking-action.ts";
import type { Route } from "./+types/track";

export const meta: Route.MetaFunction = () => [
  { title: "Track your order | Harbour FX" },
  {
    name: "description",
    content:
      "Follow your Harbour FX order: enter your order number and e-mail to see its status, branch and opening hours.",
  },
];

export async function action({ request, context }: Route.ActionArgs) {
  return trackingAction(request, context);
}

export default function Track({ actionData }: Route.ComponentProps) {
  // The order stays on screen after a refused cancel (that answer carries only the reason).
  const [order, setOrder] = useState<TrackedOrder | null>(
    actionData && "order" in actionData ? (actionData.order ?? null) : null,
  );
  useEffect(() => {
    if (!actionData) return;
    if ("order" in actionData) setOrder(actionData.order ?? null);
    else if (actionData.kind === "not-found") setOrder(null);
  }, [actionData]);
  const notice = cancelNotice(actionData);
  return (
    <>
      <section className="banner">
        <h1>Track your order</h1>
        <p>
          Enter your order number and the e-mail you gave with the order. The order e-mails also link straight here.
        </p>
      </section>
      <div className="page narrow">
        {order ? (
          <TrackedOrderView order={order} formAction="/track" notice={notice} />
        ) : (
          <TrackOrderForm problem={actionData?.kind === "not-found" ? actionData : undefined} />
        )}
      </div>
    </>
  );
}
