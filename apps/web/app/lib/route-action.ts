import { useCallback, useEffect, useRef } from "react";
import { useFetcher } from "react-router";

/**
 * The web app's one way to change data (decision 016): a route action on the server, reached by a
 * form post (`<Form>`, works without JavaScript) or, for buttons and controls that need script anyway
 * (a confirm dialog first, a toast after), by a fetcher through this hook.
 */

/** What a route action answers a fetcher: the API's answer, or its refusal in words for a toast. */
export type ActionOutcome<T> = { ok: true; value: T } | { ok: false; status: number; message: string };

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
/** The posted body of a fetcher submission: which of the route's changes, and its fields. */
export type IntentFields = { [key: string]: Json };

/**
 * Posts `{ intent, ...fields }` as JSON to a route action (this route's, or `action`'s) and answers
 * the action's outcome as soon as it arrives, before the page's data is reloaded, so a control whose
 * row disappears on reload still gets to say what happened. `busy` lasts until the reload is done.
 */
export function useRouteAction<T>(action?: string) {
  const fetcher = useFetcher<ActionOutcome<T>>();
  const waiting = useRef<((outcome: ActionOutcome<T>) => void) | null>(null);
  const { state, data, submit: post } = fetcher;

  useEffect(() => {
    // While submitting, `data` is still the previous submission's answer.
    if (state === "submitting" || data === undefined || !waiting.current) return;
    const resolve = waiting.current;
    waiting.current = null;
    resolve(data);
  }, [state, data]);

  const submit = useCallback(
    (intent: string, fields: IntentFields = {}) =>
      new Promise<ActionOutcome<T>>((resolve) => {
        waiting.current = resolve;
        void post(
          { ...fields, intent },
          { method: "post", encType: "application/json", ...(action ? { action } : {}) },
        );
      }),
    [post, action],
  );

  return { submit, busy: state !== "idle" };
}
