import type { ShouldRevalidateFunctionArgs } from "react-router";
import { AlertStepPage, loadAlertStep, takeAlertStep } from "../../features/rate-history/rate-alert-step.tsx";
import type { Route } from "./+types/alert-unsubscribe";

/** The page behind the unsubscribe link of a rate-alert e-mail: shows the alert; its button (a POST) acts. */
export async function loader({ context, params }: Route.LoaderArgs) {
  return loadAlertStep(context, "unsubscribe", params.token);
}

export const meta: Route.MetaFunction = () => [
  { title: "Unsubscribe from rate alerts | Harbour FX" },
  { name: "robots", content: "noindex" },
];

export async function action({ context, params }: Route.ActionArgs) {
  return takeAlertStep(context, "unsubscribe", params.token);
}

export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  // The action's answer says what happened and carries the alert as it now is.
  return formMethod ? false : defaultShouldRevalidate;
}

export default function AlertUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  return <AlertStepPage step="unsubscribe" loaded={loaderData} result={actionData} />;
}
