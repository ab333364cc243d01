import type { RatesView } from "./display-format.ts";

/**
 * "Rates as of November 21st, 2026, 14:05" (or the offline provider's "Reference rates as of ..."),
 * worked out by the loader in the display zone; and, while online quotes are paused, why.
 */
export function RatesUpdated({ view }: { view: RatesView }) {
  return (
    <>
      {view.asOf && view.at ? (
        <p className="rates-updated">
          <time dateTime={view.at}>{view.asOf}</time>
        </p>
      ) : null}
      {view.paused ? (
        <p className="rates-paused" role="status">
          {view.paused}
        </p>
      ) : null}
    </>
  );
}
