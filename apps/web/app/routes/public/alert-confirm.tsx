import type { ShouldRevalidateFunctionArgs } from "react-router";
import { AlertStepPage, loadAlertStep, takeAlertStep } from "../../features/rate-history/rate-alert-step.tsx";
import type { Route } from "./+types/alert-confirm";

/** The page behind the confirm link of a rate-alert e-mail: shows the alert; its button (a POST) acts. */
export async function loader({ context, params }: Route.LoaderArgs) {
  return loadAlertStep(context, "confirm", params.token);
}

export const meta: Route.MetaFunction = () => [
  { title: "Confirm your rate alert | Harbour FX" },
  { name: "robots", content: "noindex" },
];

export async function action({ context, params }: Route.ActionArgs) {
  return takeAlertStep(context, "confirm", params.token);
}

export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  // The action's answer says what happened and carries the alert as it now is.
  return formMethod ? false : defaultShouldRevalidate;
}

export default function AlertConfirm({ loaderData, actionData }: Route.ComponentProps) {
  return <AlertStepPage step="confirm" loaded={loaderData} result={actionData} />;
}
