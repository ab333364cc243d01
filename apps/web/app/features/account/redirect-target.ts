import { safeRedirectTarget } from "@bureau/domain/account-rules";

/** The target a screen should return to: ?redirectTo=, then the location state's `from`, else "/". */
export function returnTargetOf(location: { search: string; state: unknown }): string {
  const fromQuery = new URLSearchParams(location.search).get("redirectTo");
  if (fromQuery) return safeRedirectTarget(fromQuery);
  const state = location.state as { from?: unknown } | null | undefined;
  return safeRedirectTarget(state?.from);
}

/** A path with ?redirectTo=<target>, e.g. withRedirect("/signIn", "/dashboard/Users"). */
export function withRedirect(path: string, target: string): string {
  return target === "/" ? path : `${path}?redirectTo=${encodeURIComponent(target)}`;
}
