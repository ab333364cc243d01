/**
 * `react` as the browser build sees it: Preact's React-compatible runtime plus the one React 19 hook
 * React Router imports that Preact does not provide. The server still renders with React itself; see
 * docs/decisions/007-browser-runtime.md for why and what this costs.
 */
import * as compat from "preact/compat";

// Preact describes this module's types in the CommonJS `export =` form; the module itself is ESM.
// @ts-expect-error TS2498: re-exporting everything is what this shim is for.
export * from "preact/compat";

/**
 * React keeps an optimistic value only while an asynchronous transition is pending. Preact runs
 * transitions synchronously, so there is never a pending transition to show it in, and the value is
 * always the one passed in. React Router calls the setter only when a router opts into
 * `useTransitions`, which this app does not.
 */
export function useOptimistic<State, Action = State>(
  passthrough: State,
  _reducer?: (state: State, action: Action) => State,
): [State, (action: Action) => void] {
  return [passthrough, () => {}];
}

export default { ...compat, useOptimistic };
