import type { SessionUser } from "@bureau/domain/contracts/accounts";
import { sessionRoutes } from "@bureau/domain/contracts/endpoint-routes";
import type { EndpointResponse, Endpoints } from "@bureau/domain/contracts/endpoints";
import { type RouterContextProvider, useRouteLoaderData } from "react-router";
import { appContext } from "../../lib/app-context.ts";

/** The session endpoint's answer, typed from the endpoint map (read raw, for the cookies it sets). */
type CurrentSession = EndpointResponse<Endpoints["session"]["current"]>;

export type { SessionUser };

type SessionLookup = { user: SessionUser | null; setCookies: string[] };

/** One session lookup per server request, shared by the root loader and the dashboard guard. */
const lookups = new WeakMap<object, Promise<SessionLookup>>();

/**
 * The signed-in user of the request being rendered (server side), read through the API transport so
 * that the refreshed session cookie the API may hand back can be passed on to the browser.
 */
export function sessionOfRequest(context: Readonly<RouterContextProvider>): Promise<SessionLookup> {
  let lookup = lookups.get(context);
  if (!lookup) {
    lookup = context
      .get(appContext)
      .api({ method: sessionRoutes.current.method, path: sessionRoutes.current.path })
      .then((response) => ({
        // Should the session not be readable (a 5xx), the public pages stay usable, signed out; the
        // staff guard then asks for a sign-in instead of showing staff pages.
        user: response.status === 200 ? ((response.body as CurrentSession) ?? null) : null,
        setCookies: response.setCookies,
      }));
    lookups.set(context, lookup);
  }
  return lookup;
}

/** The signed-in user as the root loader knows it (null when signed out). */
export function useSessionUser(): SessionUser | null {
  const root = useRouteLoaderData("root") as { user?: SessionUser | null } | undefined;
  return root?.user ?? null;
}
