import { useCallback } from "react";
import { href } from "react-router";
import type { Way } from "@bureau/domain/constants";
import type { Quote } from "@bureau/domain/contracts/orders";
import type { QuoteRequester } from "./cart-store.ts";
import { useRouteAction } from "../../lib/route-action.ts";

/**
 * The cart's way to ask for a quote (decision 016): a fetcher post of the intent "quote" to the action
 * of the order page the line belongs to, which asks the API in-process. The home widget posts to the
 * order page it is about to open; the order page's Add Currency form to its own.
 */
export function useQuoteRequester(code: string, way: Way): { requestQuote: QuoteRequester; busy: boolean } {
  const action = href("/purchase/:currencyParams/:currentWay", { currencyParams: code, currentWay: way });
  const { submit, busy } = useRouteAction<Quote>(action);
  const requestQuote = useCallback<QuoteRequester>((ask) => submit("quote", { quote: ask }), [submit]);
  return { requestQuote, busy };
}
