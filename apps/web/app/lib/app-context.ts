import { createContext, RouterContextProvider } from "react-router";
import type { AppLoadContext } from "@bureau/domain/contracts/web-host";

export const appContext = createContext<AppLoadContext>();

/** Called by the hosting server (apps/server/src/web/web-plugin.ts) for every page request. */
export function createLoadContext(values: AppLoadContext): RouterContextProvider {
  const provider = new RouterContextProvider();
  provider.set(appContext, values);
  return provider;
}
