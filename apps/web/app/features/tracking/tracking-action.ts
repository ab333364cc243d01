import { data, type RouterContextProvider } from "react-router";
import type { TrackedOrder } from "@bureau/domain/contracts/tracking";
import { ApiClientError, apiFieldProblems } from "../../lib/api-client.ts";
import { readFormFields } from "../../lib/form-fields.ts";
import { serverApi } from "../../lib/server-api.ts";
import { type AmendActionResult, amendAction } from "./amend-action.ts";
import { cancelOrder, trackOrder } from "./tracking-api.ts";

export type TrackFormValues = { orderNumber: string; email: string };

/** What the order-page forms' action answers (the lookup on /track, the cancel on both pages). */
export type TrackingActionResult =
  | { kind: "found"; order: TrackedOrder }
  | { kind: "not-found"; message: string; fields: Partial<TrackFormValues>; values: TrackFormValues }
  | { kind: "cancelled"; order: TrackedOrder }
  | { kind: "cancel-refused"; message: string }
  | AmendActionResult;

/**
 * The action behind "Find my order" and "Cancel order": works with or without JavaScript (forms posted
 * from other sites are refused by the server's one cross-site check before they get here).
 */
export async function trackingAction(request: Request, context: Readonly<RouterContextProvider>) {
  const text = await readFormFields(request);
  const api = serverApi(context);
  const intent = text("intent");
  if (intent === "amend-quote" || intent === "amend-confirm") return amendAction(api, intent, text);
  if (intent === "cancel") {
    try {
      return { kind: "cancelled", order: await cancelOrder(api, text("token")) } satisfies TrackingActionResult;
    } catch (error) {
      if (!(error instanceof ApiClientError) || error.status >= 500) throw error;
      return data({ kind: "cancel-refused", message: error.message } satisfies TrackingActionResult, {
        status: error.status,
      });
    }
  }
  const values = { orderNumber: text("orderNumber"), email: text("email") };
  try {
    return { kind: "found", order: await trackOrder(api, values) } satisfies TrackingActionResult;
  } catch (error) {
    if (!(error instanceof ApiClientError) || error.status >= 500) throw error;
    const fields: Partial<TrackFormValues> = apiFieldProblems(error, ["orderNumber", "email"] as const);
    return data({ kind: "not-found", message: error.message, fields, values } satisfies TrackingActionResult, {
      status: error.status,
    });
  }
}

/** What the order page announces after a cancel: done (an e-mail confirms it), or why it was refused. */
export function cancelNotice(
  result: TrackingActionResult | undefined,
): { kind: "ok" | "error"; message: string } | undefined {
  if (result?.kind === "cancelled") {
    return { kind: "ok", message: "Your order has been cancelled. We have sent you an e-mail to confirm." };
  }
  if (result?.kind === "cancel-refused") return { kind: "error", message: result.message };
  if (result?.kind === "amended") {
    return { kind: "ok", message: "Your order has been amended. We have sent you an e-mail with the new figures." };
  }
  return undefined;
}
