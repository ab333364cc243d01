import { Outlet, useRouteLoaderData } from "react-router";
import { SiteFooter } from "../../components/layout/site-footer.tsx";
import { SiteHeader } from "../../components/layout/site-header.tsx";
import type { loader as rootLoader } from "../../root.tsx";
import { Link } from "react-router";

export default function PublicLayout() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <>
      <SiteHeader
        moneyTransferUrl={root?.publicConfig.moneyTransferUrl ?? "/sendmony"}
        account={
          <Link to="/signin" className="button button-primary">
            Sign In
          </Link>
        }
      />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
    </>
  );
}
