import { useEffect, useRef, useState } from "react";
import { createContext, data, Link, NavLink, Outlet, redirect, useLocation } from "react-router";
import type { SessionUser } from "@bureau/domain/contracts/accounts";
import {
  type AccountRole,
  dashboardPages,
  landingPageOf,
  permissionOfDashboardPath,
  roleLabels,
  roleMay,
} from "@bureau/domain/staff-permissions";
import { NOT_YOUR_ROLE_PAGE, RouteErrorBoundary } from "../../components/layout/route-error.tsx";
import { withRedirect } from "../../features/account/redirect-target.ts";
import { sessionOfRequest } from "../../features/account/session.ts";
import { StaffWarningsBanner } from "../../features/account/staff-warnings-banner.tsx";
import { useSignOut } from "../../features/account/use-sign-out.ts";
import { serverApi } from "../../lib/server-api.ts";
import type { Route } from "./+types/dashboard-layout";
import "../../features/account/dashboard-shell.css";

/** The staff member the guard let in, for the loaders of the dashboard's pages. */
export const staffUserContext = createContext<SessionUser>();

/**
 * The dashboard guard (PRODUCT.md §2.8, issue 5 §5), run on the server before any dashboard
 * loader: not signed in → /signIn and back; a signed-in customer → "This area is for staff" (403);
 * staff whose session has not passed the Secure Box → /box and back; a page the role does not hold
 * in the permission matrix → 403 (decision 035). It is convenience only: every /api/admin route checks
 * the same on the server.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ url, context }, next) => {
    // `url` is the page's URL (request.url of a client navigation ends in ".data").
    const pathname = url.pathname.replace(/\.data$/, "");
    const requested = `${pathname}${url.search}`;
    const { user } = await sessionOfRequest(context);
    if (!user) throw redirect(withRedirect("/signIn", requested));
    if (user.role === "user") throw data("This area is for staff", { status: 403 });
    if (!user.staffVerified) throw redirect(withRedirect("/box", requested));
    const permission = permissionOfDashboardPath(pathname);
    if (permission && !roleMay(user.role, permission)) throw data(NOT_YOUR_ROLE_PAGE, { status: 403 });
    context.set(staffUserContext, user);
    return next();
  },
];

export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(staffUserContext);
  // The banner must never keep staff out of the dashboard: without its facts, no banner.
  const warnings = await serverApi(context)
    .admin.warnings()
    .catch(() => null);
  return { email: user.email, role: user.role, warnings };
}

export const meta: Route.MetaFunction = () => [
  { title: "Dashboard | Harbour FX" },
  { name: "robots", content: "noindex" },
];

/**
 * Opened as a new page load, so that they get the camera permission dashboard pages are sent with
 * (Collect scans the QR collection pass).
 */
const documentPages = new Set<string>(["/dashboard/collect"]);

function SideMenu({ email, role, onNavigate }: { email: string; role: AccountRole; onNavigate?: () => void }) {
  const signOut = useSignOut();
  // The permission matrix decides the entries: a role sees the pages it holds, in the spec's order.
  const menu = dashboardPages.filter((page) => roleMay(role, page.permission));
  return (
    <>
      <ul className="dashboard-menu">
        <li>
          <Link to="/" onClick={onNavigate}>
            Home
          </Link>
        </li>
        {menu.map((item) => (
          <li key={item.path}>
            <NavLink
              to={item.path}
              onClick={onNavigate}
              prefetch="intent"
              reloadDocument={documentPages.has(item.path)}
            >
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
      <div className="dashboard-account">
        <p>{email}</p>
        <p className="dashboard-role">{roleLabels[role]}</p>
        <button type="button" className="button button-small" onClick={() => void signOut()}>
          Logout
        </button>
      </div>
    </>
  );
}

/** Side menu on wide screens; below the lg breakpoint a drawer, like the public navigation. */
export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const menuButton = useRef<HTMLButtonElement>(null);
  const drawer = useRef<HTMLElement>(null);

  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    drawer.current?.querySelector<HTMLElement>("a, button")?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        menuButton.current?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <div className="dashboard">
      <header className="dashboard-topbar">
        <button
          ref={menuButton}
          type="button"
          className="menu-button dashboard-menu-button"
          aria-expanded={open}
          aria-controls="dashboard-drawer"
          onClick={() => setOpen(true)}
        >
          <span aria-hidden="true" className="menu-icon" />
          <span className="visually-hidden">Open dashboard menu</span>
        </button>
        <Link to={landingPageOf(loaderData.role)} className="brand">
          <span aria-hidden="true" className="brand-mark">
            H
          </span>
          <span className="brand-name">Harbour FX Dashboard</span>
        </Link>
      </header>
      <nav className="dashboard-sidebar" aria-label="Dashboard">
        <SideMenu email={loaderData.email} role={loaderData.role} />
      </nav>
      <div className={`drawer-backdrop${open ? " open" : ""}`} onClick={() => setOpen(false)} aria-hidden="true" />
      <nav
        id="dashboard-drawer"
        ref={drawer}
        className={`nav-drawer dashboard-drawer${open ? " open" : ""}`}
        aria-label="Dashboard menu"
        aria-hidden={!open}
        inert={!open}
      >
        <div className="drawer-head">
          <span className="brand-name">Dashboard</span>
          <button
            type="button"
            className="drawer-close"
            onClick={() => {
              setOpen(false);
              menuButton.current?.focus();
            }}
          >
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">Close menu</span>
          </button>
        </div>
        <SideMenu email={loaderData.email} role={loaderData.role} onNavigate={() => setOpen(false)} />
      </nav>
      <main className="dashboard-main" id="main" tabIndex={-1}>
        <StaffWarningsBanner warnings={loaderData.warnings} />
        <Outlet />
      </main>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorBoundary error={error} />;
}
