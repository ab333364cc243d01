import type { RatesUpdatedView } from "./display-format.ts";

/** "Rates last updated: November 2nd, 2026 at 09:30" (formatted by the loader, London time). */
export function RatesUpdated({ view }: { view: RatesUpdatedView }) {
  if (!view) return null;
  return (
    <p className="rates-updated">
      Rates last updated: <time dateTime={view.at}>{view.label}</time>
    </p>
  );
}
