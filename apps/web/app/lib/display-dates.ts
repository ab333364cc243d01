import { DEFAULT_DISPLAY_TIME_ZONE, type DisplayDates, displayDates, displayDatesOf } from "@bureau/domain/dates";
import { type RouterContextProvider, useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "../root.tsx";
import { appContext } from "./app-context.ts";

/**
 * The dates of the bureau's display zone (DISPLAY_TIME_ZONE, in the page's public settings), the same on
 * the server and in the browser. Pages and components take them from here, never from a zone of their own.
 * They are written from the zone's table of offsets the settings carry, so a page that shows a date does not
 * load Intl's zone data while it hydrates (decision 040).
 */
export function useDisplayDates(): DisplayDates {
  const zone = useRouteLoaderData<typeof rootLoader>("root")?.publicConfig.displayZone;
  return zone ? displayDatesOf(zone) : displayDates(DEFAULT_DISPLAY_TIME_ZONE);
}

/** The same, in a loader or action (on the server). */
export function loaderDisplayDates(context: Readonly<RouterContextProvider>): DisplayDates {
  return displayDatesOf(context.get(appContext).publicConfig.displayZone);
}
