import { DEFAULT_DISPLAY_TIME_ZONE, type DisplayDates, displayDates } from "@bureau/domain/dates";
import { type RouterContextProvider, useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "../root.tsx";
import { appContext } from "./app-context.ts";

/**
 * The dates of the bureau's display zone (DISPLAY_TIME_ZONE, in the page's public settings), the same on
 * the server and in the browser. Pages and components take them from here, never from a zone of their own.
 */
export function useDisplayDates(): DisplayDates {
  const zone = useRouteLoaderData<typeof rootLoader>("root")?.publicConfig.displayTimeZone;
  return displayDates(zone ?? DEFAULT_DISPLAY_TIME_ZONE);
}

/** The same, in a loader or action (on the server). */
export function loaderDisplayDates(context: Readonly<RouterContextProvider>): DisplayDates {
  return displayDates(context.get(appContext).publicConfig.displayTimeZone);
}
