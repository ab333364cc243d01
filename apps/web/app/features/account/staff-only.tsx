import { Link } from "react-router";

/** What a signed-in non-admin sees at the staff dashboard (issue 5 §5). */
export function StaffOnly() {
  return (
    <main className="staff-only" id="main">
      <h1>This area is for staff</h1>
      <p>You are signed in, but the dashboard is only for Harbour FX staff accounts.</p>
      <p>
        <Link className="button button-primary" to="/">
          Back to Travel Money
        </Link>
      </p>
    </main>
  );
}
