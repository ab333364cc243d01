import { useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import type { SessionUser } from "@bureau/domain/contracts/accounts";
import { Avatar } from "./avatar.tsx";
import { useSignOut } from "./use-sign-out.ts";

/**
 * The signed-in person's menu in the header (spec §2): the avatar opens a panel with their e-mail,
 * Dashboard (admins only), Profile and Logout. It closes on Escape, on a click elsewhere and on
 * navigation.
 */
export function AccountMenu({ user }: { user: SessionUser }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const signOut = useSignOut();

  useEffect(() => setOpen(false), [location.pathname]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);

  return (
    <div className="account-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="avatar-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <Avatar user={user} />
        <span className="visually-hidden">Account menu</span>
      </button>
      <div id={panelId} className="account-menu-panel" hidden={!open}>
        <p className="account-menu-email">{user.email}</p>
        <ul>
          {user.role !== "user" ? (
            <li>
              {/* The spec's link for admins; other staff open the first page their role holds. */}
              <Link to={user.role === "admin" ? "/dashboard/Currency" : "/dashboard"}>Dashboard</Link>
            </li>
          ) : null}
          <li>
            <Link to="/account/profile">Profile</Link>
          </li>
          <li>
            <Link to="/account/orders">My orders</Link>
          </li>
          <li>
            <Link to="/account/alerts">My rate alerts</Link>
          </li>
          <li>
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                void signOut();
              }}
            >
              Logout
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
