import { Link } from "react-router";

/** What a signed-in non-admin sees at the staff dashboard (issue 5 §5), inside a page's <main>. */
export function StaffOnlyMessage() {
  return (
    <section className="staff-only">
      <h1>This area is for staff</h1>
      <p>You are signed in, but the dashboard is only for Harbour FX staff accounts.</p>
      <p>
        <Link className="button button-primary" to="/">
          Back to Travel Money
        </Link>
      </p>
    </section>
  );
}
