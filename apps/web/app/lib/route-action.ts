import { useCallback, useEffect, useRef } from "react";
import { useFetcher } from "react-router";

/**
 * The web app's one way to change data (decision 016): a route action on the server, reached by a
 * form post (`<Form>`, works without JavaScript) or, for buttons and controls that need script anyway
 * (a confirm dialog first, a toast after), by a fetcher through this hook.
 */

/** What a route action answers a fetcher: the API's answer, or its refusal in words for a toast. */
export type ActionOutcome<T> =
  | { ok: true; value: T }
  | { ok: false; status: number; message: string; fields?: Record<string, string> | undefined };

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
/** The posted body of a fetcher submission: which of the route's changes, and its fields. */
export type IntentFields = { [key: string]: Json };

/**
 * Posts `{ intent, ...fields }` as JSON, or a form with a file, to a route action (this route's, or
 * `action`'s) and answers the action's outcome once the page's data has reloaded after it (React Router
 * reloads it after every action), or, if the reload removes the control, as it goes. `busy` lasts
 * until then.
 */
export function useRouteAction<T>(action?: string) {
  const fetcher = useFetcher<ActionOutcome<T>>();
  const waiting = useRef<((outcome: ActionOutcome<T>) => void) | null>(null);
  const { state, data, submit: post } = fetcher;

  // The answer of this submission once it arrived (while submitting, `data` is the previous one's).
  const arrived = useRef<ActionOutcome<T> | undefined>(undefined);
  arrived.current = state === "submitting" ? undefined : data;
  const handOver = useCallback(() => {
    const resolve = waiting.current;
    if (!resolve || arrived.current === undefined) return;
    waiting.current = null;
    resolve(arrived.current);
  }, []);

  useEffect(() => {
    if (state === "idle") handOver();
  }, [state, handOver]);
  // A control whose row the reload removes still gets its answer (and can say what happened).
  useEffect(() => handOver, [handOver]);

  const send = useCallback(
    (body: IntentFields | FormData, encType: "application/json" | "multipart/form-data") =>
      new Promise<ActionOutcome<T>>((resolve) => {
        waiting.current = resolve;
        void post(body, { method: "post", encType, ...(action ? { action } : {}) });
      }),
    [post, action],
  );
  const submit = useCallback(
    (intent: string, fields: IntentFields = {}) => send({ ...fields, intent }, "application/json"),
    [send],
  );
  /**
   * Posts a form with a file as multipart/form-data, as the form itself would without JavaScript (a
   * `<Form method="post" encType="multipart/form-data">` with a hidden `intent` field).
   */
  const submitForm = useCallback((form: HTMLFormElement) => send(new FormData(form), "multipart/form-data"), [send]);

  return { submit, submitForm, busy: state !== "idle" };
}
