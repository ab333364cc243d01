import { BranchAddress } from "../public/branch-cards.tsx";
import { Link } from "react-router";
import { googleMapsSearchUrl, telHref } from "../public/branch-format.ts";

export type BranchSummary = {
  key: string;
  name: string;
  addressLines: string[];
  postcode: string;
  phone: string;
  mapQuery: string;
  /** "Open today 9AM to 5PM", in the bureau's zone. */
  today: string;
  /** "Monday to Saturday 9AM to 5PM", "Sunday 10AM to 3PM". */
  hours: string[];
};

/** The four branches on /branches: each with its address, phone, today's hours, its page and a map. */
export function BranchList({ branches }: { branches: readonly BranchSummary[] }) {
  return (
    <ul className="branch-cards">
      {branches.map((branch) => (
        <li key={branch.key} className="branch-card">
          <h2 className="branch-name">
            <Link to={`/branches/${branch.key}`}>{branch.name}</Link>
          </h2>
          <BranchAddress branch={branch} />
          <p className="branch-contact">
            Phone: <a href={telHref(branch.phone)}>{branch.phone}</a>
          </p>
          <div className="branch-hours">
            <strong className="branch-today">{branch.today}</strong>
            {branch.hours.map((line) => (
              <span key={line} className="branch-line">
                {line}
              </span>
            ))}
          </div>
          <p className="branch-links">
            <Link to={`/branches/${branch.key}`}>
              Rates and stock<span className="visually-hidden"> at our {branch.name} branch</span>
            </Link>
            <a href={googleMapsSearchUrl(branch.mapQuery)} rel="noopener noreferrer" target="_blank">
              Open in Google Maps
              <span className="visually-hidden"> for our {branch.name} branch (opens in a new tab)</span>
            </a>
          </p>
        </li>
      ))}
    </ul>
  );
}
