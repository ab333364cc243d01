import { Link } from "react-router";

/**
 * The links of a list paged by keyset cursors: back to the first (newest) page, and on to the page after
 * the last row shown. Each link is left out when there is nowhere to go, and the whole pager when
 * neither is (no empty navigation landmark).
 */
export function Pager({
  label = "Pages",
  firstHref,
  nextHref,
  firstText = "Newest",
  nextText,
  plainLinks = false,
  preventScrollReset,
}: {
  /** The navigation landmark's name; screens with two paged lists name each. */
  label?: string;
  /** The first page's address, when a later page is shown. */
  firstHref: string | null;
  /** The next page's address, when there is one. */
  nextHref: string | null;
  firstText?: string;
  nextText: string;
  /** Links as text rather than small buttons. */
  plainLinks?: boolean;
  /** Keeps the scroll position, for a list further down a page. */
  preventScrollReset?: boolean;
}) {
  if (!firstHref && !nextHref) return null;
  const className = plainLinks ? undefined : "button button-small";
  return (
    <nav className="pager" aria-label={label}>
      {firstHref ? (
        <Link className={className} to={firstHref} preventScrollReset={preventScrollReset}>
          {firstText}
        </Link>
      ) : null}
      {nextHref ? (
        <Link className={className} to={nextHref} preventScrollReset={preventScrollReset}>
          {nextText}
        </Link>
      ) : null}
    </nav>
  );
}
