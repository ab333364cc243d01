import { Link } from "react-router";
import { company } from "../../content/company.ts";

const columns: { title: string; links: { label: string; to: string }[] }[] = [
  {
    title: "CORPORATE",
    links: [
      { label: "Home", to: "/#top" },
      { label: "About us", to: "/#about" },
      { label: "How it works", to: "/#how-it-works" },
      { label: "Send money to", to: "/sendmony" },
    ],
  },
  {
    title: "LEGAL INFORMATION",
    links: [
      { label: "Cookie policy", to: "/privacyPolicy#cookies" },
      { label: "Fraud awareness", to: "/termsCoditition#anti-money-laundering" },
      { label: "Agent locations", to: "/#find-store" },
      { label: "Complaint procedure", to: "/privacyPolicy#complaints" },
    ],
  },
  {
    title: "SUPPORT",
    links: [
      { label: "Help", to: "/faq" },
      { label: "Track your order", to: "/track" },
      { label: "Branches", to: "/branches" },
      { label: "Support", to: "/contact" },
      { label: "Privacy policy", to: "/privacyPolicy" },
      { label: "Terms and conditions", to: "/termsCoditition" },
    ],
  },
];

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="footer-columns">
        {columns.map((column) => (
          <section key={column.title} aria-labelledby={footerHeadingId(column.title)}>
            <h2 id={footerHeadingId(column.title)}>{column.title}</h2>
            <ul>
              {column.links.map((link) => (
                <li key={link.label}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">GET IN TOUCH</h2>
          <address>
            <p>{company.registeredOffice}</p>
            <p>
              Phone: <a href={`tel:${company.supportPhone.replaceAll(" ", "")}`}>{company.supportPhone}</a>
            </p>
            <p>
              Email: <a href={`mailto:${company.supportEmail}`}>{company.supportEmail}</a>
            </p>
          </address>
          <p className="footer-hours">
            Monday to Saturday 9AM to 5PM
            <br />
            Sunday 10AM to 3PM
          </p>
        </section>
      </div>
      <div className="footer-legal">
        <p>{company.registrationLine}</p>
        <p>{company.copyright}</p>
        <p className="footer-social">
          <a href={company.socialUrl} rel="noopener noreferrer" target="_blank">
            Facebook<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
          <span aria-hidden="true" className="social-icon">
            X
          </span>
          <span aria-hidden="true" className="social-icon">
            in
          </span>
        </p>
      </div>
    </footer>
  );
}

/** An id is one token: "LEGAL INFORMATION" must not become two ids in aria-labelledby. */
function footerHeadingId(title: string): string {
  return `footer-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
}
