import { Link } from "react-router";
import type { StaffWarnings } from "@bureau/domain/contracts/staff-warnings";
import { ageText } from "@bureau/domain/rate-freshness";
import { useDisplayDates } from "../../lib/display-dates.ts";

/**
 * The dashboard's banner (docs/decisions/027): on every dashboard page, what staff must know and do when
 * the rates are too old to be called live (or online quotes are paused), and when screening against the
 * UK Sanctions List is off or working from an old list. Nothing is shown while all is well.
 */
export function StaffWarningsBanner({ warnings }: { warnings: StaffWarnings | null }) {
  const dates = useDisplayDates();
  if (!warnings) return null;
  const now = new Date(warnings.now);
  const { rates, sanctions } = warnings;
  const ratesLine = ratesWarning(warnings, dates.longDate, dates.longDateTime, now);
  const failing = rates.failingSince
    ? `Refreshes from the rates provider have failed since ${dates.longDateTime(rates.failingSince)}${
        rates.lastError ? ` (${rates.lastError})` : ""
      }: check the provider's settings (RATES_PROVIDER, RATES_API_URL and its API key) and that the service answers.`
    : null;
  const sanctionsLine =
    sanctions.state === "none"
      ? "No UK Sanctions List has been imported: screening is off until a list is imported."
      : sanctions.state === "stale" && sanctions.importedAt
        ? `The UK Sanctions List was imported ${ageText(sanctions.importedAt, now)} ago (${dates.longDate(
            sanctions.importedAt,
          )}): screening uses that list until the current one is imported.`
        : null;
  if (!ratesLine && !failing && !rates.quotesPaused && !sanctionsLine) return null;
  return (
    // A paragraph, not a heading: it comes before each page's own h1.
    <div className="staff-warnings" role="status" aria-labelledby="staff-warnings-heading">
      <p id="staff-warnings-heading" className="staff-warnings-heading">
        Needs attention
      </p>
      {rates.quotesPaused ? (
        <p>
          <strong>Online quotes are paused</strong> until the rates are fresh again: customers are told to try later or
          visit a branch.
        </p>
      ) : null}
      {ratesLine ? (
        <p>
          {ratesLine}{" "}
          {rates.provider === "fixed" ? (
            <>
              Set RATES_PROVIDER to a live provider and switch “Get the Latest” on, or update each rate under{" "}
              <Link to="/dashboard/Currency">Currency</Link>.
            </>
          ) : !rates.refreshEnabled ? (
            <>
              Switch “Get the Latest” on under <Link to="/dashboard/Currency">Currency</Link>, or update each rate
              there.
            </>
          ) : null}
        </p>
      ) : null}
      {failing ? <p>{failing}</p> : null}
      {sanctionsLine ? (
        <p>
          {sanctionsLine} Import it under <Link to="/dashboard/compliance">Compliance</Link> (or with npm run
          sanctions:import).
        </p>
      ) : null}
    </div>
  );
}

function ratesWarning(
  { rates }: StaffWarnings,
  longDate: (date: string) => string,
  longDateTime: (date: string) => string,
  now: Date,
): string | null {
  if (!rates.asOf) return null;
  if (rates.freshness === "reference") {
    return `Rates are the offline provider's reference rates as of ${longDate(rates.asOf)} (${ageText(
      rates.asOf,
      now,
    )} old), not market rates: the site says so.`;
  }
  if (rates.freshness === "stale") {
    return `Rates were last refreshed ${ageText(rates.asOf, now)} ago (${longDateTime(
      rates.asOf,
    )}): the site shows them as “Rates as of” that time, not as today's.`;
  }
  return null;
}
