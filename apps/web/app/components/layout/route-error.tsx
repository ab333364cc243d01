import type { ReactNode } from "react";
import { Link } from "react-router";
import { StaffOnlyMessage } from "../../features/account/staff-only.tsx";

/** The status of what a route threw: a response's (`data(…, { status })`, a 404), else 500. */
function statusOf(error: unknown): number {
  if (typeof error === "object" && error !== null && "status" in error && typeof error.status === "number") {
    return error.status;
  }
  return 500;
}

/**
 * What a failed route shows, the same from every error boundary: staff-only for a refused
 * dashboard (403), "Page not found" for a 404, otherwise a plain apology. Internals never show.
 */
export function RouteErrorMessage({ error }: { error: unknown }) {
  const status = statusOf(error);
  if (status === 403 && isRoleRefusal(error)) return <NotYourRoleMessage />;
  if (status === 403) return <StaffOnlyMessage />;
  if (status === 404) {
    return (
      <ErrorMessage title="Page not found">
        Sorry, there is nothing at this address. It may have moved, or the link may be mistyped.
      </ErrorMessage>
    );
  }
  return <ErrorMessage title="Something went wrong">Please try again in a moment.</ErrorMessage>;
}

/** The dashboard guard's answer to a page outside the role's permissions (dashboard-layout.tsx). */
export const NOT_YOUR_ROLE_PAGE = "This page is not part of your role";

function isRoleRefusal(error: unknown): boolean {
  return typeof error === "object" && error !== null && "data" in error && error.data === NOT_YOUR_ROLE_PAGE;
}

function NotYourRoleMessage() {
  return (
    <section className="error-page">
      <title>{`${NOT_YOUR_ROLE_PAGE} | Harbour FX`}</title>
      <meta name="robots" content="noindex" />
      <h1>{NOT_YOUR_ROLE_PAGE}</h1>
      <p>The menu shows the pages your role includes. Ask an admin if you need this one.</p>
      <p>
        <Link className="button button-primary" to="/dashboard">
          Back to your dashboard
        </Link>
      </p>
    </section>
  );
}

function ErrorMessage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="error-page">
      {/* React puts these in <head>: the boundary replaces the pages whose meta would have given them. */}
      <title>{`${title} | Harbour FX`}</title>
      <meta name="robots" content="noindex" />
      <h1>{title}</h1>
      <p>{children}</p>
      <p>
        <Link className="button button-primary" to="/">
          Back to Travel Money
        </Link>{" "}
        <Link className="button" to="/exchangeRates">
          See our rates
        </Link>
      </p>
    </section>
  );
}

/**
 * The one error boundary, exported as `ErrorBoundary` by the root and by every layout; a layout
 * with a page frame (header, footer) passes it as `frame` so the message keeps the site around it.
 */
export function RouteErrorBoundary({
  error,
  frame: Frame = BareFrame,
}: {
  error: unknown;
  frame?: (props: { children: ReactNode }) => ReactNode;
}) {
  return (
    <Frame>
      <RouteErrorMessage error={error} />
    </Frame>
  );
}

function BareFrame({ children }: { children: ReactNode }) {
  return (
    <main id="main" tabIndex={-1}>
      {children}
    </main>
  );
}
