import type { ReactNode } from "react";
import { Link } from "react-router";

/** The card of the staff steps before the dashboard (the Secure Box, the authenticator set-up), inside the page's <main>. */
export function StaffStepCard({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <main className="box-page" id="main">
      <section className="auth-card" aria-labelledby={labelledBy}>
        <Link to="/" className="brand">
          <span aria-hidden="true" className="brand-mark">
            H
          </span>
          <span className="brand-name">Harbour FX</span>
        </Link>
        {children}
      </section>
    </main>
  );
}
