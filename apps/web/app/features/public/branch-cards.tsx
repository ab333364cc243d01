import type { BranchView } from "./display-format.ts";
import { googleMapsSearchUrl, telHref } from "./branch-format.ts";

/**
 * Branch cards from the branches table (the same rows the order wizard and e-mails use). The home
 * page shows opening hours and a map link; the contact page shows the branch's e-mail.
 */
export function BranchCards({
  branches,
  show,
  headingLevel,
}: {
  branches: readonly BranchView[];
  show: { hours?: boolean; email?: boolean; mapLink?: boolean };
  headingLevel: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ul className="branch-cards">
      {branches.map((branch) => (
        <li key={branch.key} className="branch-card">
          <Heading className="branch-name">{branch.name}</Heading>
          <BranchAddress branch={branch} />
          {show.hours ? (
            <div className="branch-hours">
              <span className="branch-hours-title">Opening hours</span>
              {branch.hours.map((line) => (
                <span key={line} className="branch-line">
                  {line}
                </span>
              ))}
            </div>
          ) : null}
          <p className="branch-contact">
            Phone: <a href={telHref(branch.phone)}>{branch.phone}</a>
            {show.email ? (
              <>
                <br />
                Email: <a href={`mailto:${branch.email}`}>{branch.email}</a>
              </>
            ) : null}
          </p>
          {show.mapLink ? (
            <a
              className="branch-map-link"
              href={googleMapsSearchUrl(branch.mapQuery)}
              rel="noopener noreferrer"
              target="_blank"
            >
              Open in Google Maps
              <span className="visually-hidden"> for our {branch.name} branch (opens in a new tab)</span>
            </a>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** A branch's postal address, a line each (the branch cards, the Branches page). */
export function BranchAddress({ branch }: { branch: { addressLines: readonly string[]; postcode: string } }) {
  return (
    <address>
      {branch.addressLines.map((line) => (
        <span key={line} className="branch-line">
          {line}
        </span>
      ))}
      <span className="branch-line">{branch.postcode}</span>
    </address>
  );
}
