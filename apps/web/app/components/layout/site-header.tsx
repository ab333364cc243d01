import { useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { RenderWhenVisible } from "../ui/render-when-visible.tsx";

export type NavLinkItem = { label: string; to: string; external?: boolean };

export function navLinks(moneyTransferUrl: string): NavLinkItem[] {
  return [
    { label: "Travel Money", to: "/" },
    { label: "Exchange Rates", to: "/exchangeRates" },
    { label: "Money Transfers", to: moneyTransferUrl, external: true },
    { label: "Terms & Conditions", to: "/termsCoditition" },
    { label: "Privacy Policy", to: "/privacyPolicy" },
    { label: "Contact", to: "/contact" },
    // Ours, after the spec's six: where to find a branch and an order.
    { label: "Branches", to: "/branches" },
    { label: "Track your order", to: "/track" },
  ];
}

function NavItems({ links, onNavigate }: { links: NavLinkItem[]; onNavigate?: () => void }) {
  return (
    <ul>
      {links.map((link) => (
        <li key={link.label}>
          {link.external ? (
            <a href={link.to} rel="noopener noreferrer" target="_blank" onClick={onNavigate}>
              {link.label}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          ) : (
            <NavLink to={link.to} end onClick={onNavigate} prefetch="intent">
              {link.label}
            </NavLink>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Top navigation on wide screens; below the lg breakpoint a 250 px drawer sliding in over 500 ms. */
export function SiteHeader({ moneyTransferUrl, account }: { moneyTransferUrl: string; account: React.ReactNode }) {
  const links = navLinks(moneyTransferUrl);
  const [open, setOpen] = useState(false);
  const drawerRef = useRef<HTMLElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  // Close on navigation.
  useEffect(() => setOpen(false), [location.pathname]);

  useEffect(() => {
    if (!open) return;
    drawerRef.current?.querySelector<HTMLElement>("a, button")?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        menuButtonRef.current?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <div className="site-header-inner">
        <button
          ref={menuButtonRef}
          type="button"
          className="menu-button"
          aria-expanded={open}
          aria-controls="nav-drawer"
          onClick={() => setOpen(true)}
        >
          <span aria-hidden="true" className="menu-icon" />
          <span className="visually-hidden">Open menu</span>
        </button>
        <Link to="/" className="brand">
          <span aria-hidden="true" className="brand-mark">
            H
          </span>
          <span className="brand-name">Harbour FX</span>
        </Link>
        <nav className="top-nav" aria-label="Main">
          {/* Each list of links renders when it shows: on a phone this one never does, and the drawer's only once
              opened; on a wide screen the drawer's never does. The page's path is their data: a navigation
              renders both at once, so the current page's link is marked in either. */}
          <RenderWhenVisible data={location.pathname}>
            <NavItems links={links} />
          </RenderWhenVisible>
        </nav>
        <div className="account-slot">{account}</div>
      </div>
      <div className={`drawer-backdrop${open ? " open" : ""}`} onClick={() => setOpen(false)} aria-hidden="true" />
      <nav
        id="nav-drawer"
        ref={drawerRef}
        className={`nav-drawer${open ? " open" : ""}`}
        aria-label="Main menu"
        aria-hidden={!open}
        inert={!open}
      >
        <div className="drawer-head">
          <span className="brand-name">Harbour FX</span>
          <button
            type="button"
            className="drawer-close"
            onClick={() => {
              setOpen(false);
              menuButtonRef.current?.focus();
            }}
          >
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">Close menu</span>
          </button>
        </div>
        <RenderWhenVisible data={location.pathname}>
          <NavItems links={links} onNavigate={() => setOpen(false)} />
        </RenderWhenVisible>
      </nav>
    </header>
  );
}
