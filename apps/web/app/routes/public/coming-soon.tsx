import { Link } from "react-router";
import type { Route } from "./+types/coming-soon";

export const meta: Route.MetaFunction = () => [
  { title: "Coming Soon | Harbour FX" },
  { name: "description", content: "This Harbour FX feature is not available yet. It is coming soon." },
  // A placeholder for features not yet live: nothing here for search engines to index.
  { name: "robots", content: "noindex" },
];

export default function ComingSoon() {
  return (
    <section className="page narrow coming-soon">
      <h1>Coming Soon</h1>
      <p>
        We are still working on this feature and it is not available yet. In the meantime, you can reserve travel money
        online or get in touch with your nearest branch.
      </p>
      <p className="coming-soon-actions">
        <Link className="button button-primary" to="/">
          Back to Travel Money
        </Link>
        <Link className="button" to="/contact">
          Contact us
        </Link>
      </p>
    </section>
  );
}
