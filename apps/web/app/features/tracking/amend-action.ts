import { data } from "react-router";
import type { AmendmentPreview, TrackedOrder } from "@bureau/domain/contracts/tracking";
import { parseMajorToMinor } from "@bureau/domain/money";
import { type ApiClient, ApiClientError } from "../../lib/api-client.ts";

/** What the customer typed in the amendment form, kept to show it again. */
export type AmendFormValues = { branch: string; amounts: string[] };

/** What the order page's amendment forms answer (docs/features/amend-order.md). */
export type AmendActionResult =
  | { kind: "amend-preview"; preview: AmendmentPreview; idempotencyKey: string; values: AmendFormValues }
  | { kind: "amend-refused"; message: string; values: AmendFormValues | null }
  | { kind: "amended"; order: TrackedOrder };

const MAX_LINES = 4;

/**
 * "Check the new price" and "Confirm amendment" on the order page, with or without JavaScript: the first
 * prices the new amounts and branch afresh (nothing changes), the second applies the quotes it showed,
 * with a key made once per price check so that a confirmation sent twice amends once.
 */
export async function amendAction(
  api: ApiClient,
  intent: "amend-quote" | "amend-confirm",
  text: (name: string) => string,
) {
  const token = text("token");
  if (intent === "amend-confirm") {
    try {
      const order = await api.orders.amend({
        token,
        idempotencyKey: text("idempotencyKey"),
        branch: text("branch") as never,
        lines: JSON.parse(text("lines") || "[]"),
      });
      return { kind: "amended", order } satisfies AmendActionResult;
    } catch (error) {
      return refusedOrThrow(error, null);
    }
  }
  const amounts = Array.from({ length: MAX_LINES }, (_, index) => text(`amount-${index}`)).filter(
    (_, index) => text(`currency-${index}`) !== "",
  );
  const values: AmendFormValues = { branch: text("branch"), amounts };
  const amountsMinor = amounts.map((amount, index) =>
    parseMajorToMinor(amount, text("way") === "Sell" ? text(`currency-${index}`) : "GBP"),
  );
  if (amountsMinor.some((amount) => amount === null || amount <= 0)) {
    return data({ kind: "amend-refused", message: "Please give correct amount", values } satisfies AmendActionResult, {
      status: 400,
    });
  }
  try {
    const preview = await api.orders.amendQuote({
      token,
      branch: values.branch as never,
      amountsMinor: amountsMinor as number[],
    });
    return { kind: "amend-preview", preview, idempotencyKey: crypto.randomUUID(), values } satisfies AmendActionResult;
  } catch (error) {
    return refusedOrThrow(error, values);
  }
}

function refusedOrThrow(error: unknown, values: AmendFormValues | null) {
  if (!(error instanceof ApiClientError) || error.status >= 500) throw error;
  return data({ kind: "amend-refused", message: error.message, values } satisfies AmendActionResult, {
    status: error.status,
  });
}
