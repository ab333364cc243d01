import type { ReactNode } from "react";
import { Link, Outlet, useLocation, useRouteLoaderData } from "react-router";
import { RouteErrorBoundary } from "../../components/layout/route-error.tsx";
import { SiteFooter } from "../../components/layout/site-footer.tsx";
import { SiteHeader } from "../../components/layout/site-header.tsx";
import { RenderWhenVisible } from "../../components/ui/render-when-visible.tsx";
import { AccountMenu } from "../../features/account/account-menu.tsx";
import { useSessionUser } from "../../features/account/session.ts";
import type { loader as rootLoader } from "../../root.tsx";
import type { Route } from "./+types/public-layout";

export default function PublicLayout() {
  return (
    <PublicFrame>
      <Outlet />
    </PublicFrame>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorBoundary error={error} frame={PublicFrame} />;
}

/** The public site's header, main and footer around a page (or around what went wrong). */
function PublicFrame({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const user = useSessionUser();
  const location = useLocation();
  const onAccountScreen = /^\/sign(in|up)$/i.test(location.pathname);
  return (
    <>
      <SiteHeader
        moneyTransferUrl={root?.publicConfig.moneyTransferUrl ?? "/sendmony"}
        account={
          user ? (
            <AccountMenu user={user} />
          ) : (
            // The location state remembers this page, so that signing in comes back here.
            <Link
              to="/signin"
              state={onAccountScreen ? location.state : { from: `${location.pathname}${location.search}` }}
              className="button button-primary"
            >
              Sign In
            </Link>
          )
        }
      />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <RenderWhenVisible>
        <SiteFooter />
      </RenderWhenVisible>
    </>
  );
}
