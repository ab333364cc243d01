import type { RouterContextProvider } from "react-router";
import { createApiClient } from "./api-client.ts";
import { appContext } from "./app-context.ts";

/** The API client for server-side loaders and actions of the current request. */
export function serverApi(context: Readonly<RouterContextProvider>) {
  return createApiClient(context.get(appContext).api);
}
