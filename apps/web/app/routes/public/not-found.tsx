import { data, Link } from "react-router";
import type { Route } from "./+types/not-found";

export function loader() {
  // A real 404 status, not a soft 404, for people and search engines.
  throw data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [
  { title: "Page not found | Harbour FX" },
  { name: "description", content: "The page you asked for does not exist." },
  { name: "robots", content: "noindex" },
];

export default function NotFound() {
  return <NotFoundContent />;
}

export function NotFoundContent() {
  return (
    <section className="page narrow not-found">
      <h1>Page not found</h1>
      <p>Sorry, there is nothing at this address. It may have moved, or the link may be mistyped.</p>
      <p>
        <Link className="button button-primary" to="/">
          Back to Travel Money
        </Link>{" "}
        <Link className="button" to="/exchangeRates">
          See today's rates
        </Link>
      </p>
    </section>
  );
}

export function ErrorBoundary() {
  return <NotFoundContent />;
}
