import { data, type RouterContextProvider } from "react-router";
import { ApiClientError, createApiClient } from "./api-client.ts";
import { appContext } from "./app-context.ts";

/** The API client for server-side loaders and actions of the current request. */
export function serverApi(context: Readonly<RouterContextProvider>) {
  return createApiClient(context.get(appContext).api);
}

/**
 * For loaders whose input comes from the address bar (a search, a page cursor): an API refusal (4xx)
 * becomes a response of the same status for the route's error boundary, never a 500 page.
 */
export async function refusalAsResponse<T>(pending: Promise<T>): Promise<T> {
  try {
    return await pending;
  } catch (error) {
    if (error instanceof ApiClientError && error.status >= 400 && error.status < 500) {
      throw data(error.message, { status: error.status });
    }
    throw error;
  }
}
