import { useNavigation } from "react-router";

const GUARDED = /^\/(dashboard|box|account)(\/|$)/i;

/**
 * The loading animation while the server checks the session on a client navigation (spec §4: the
 * dashboard guard shows one while auth is loading). A full-screen spinner for guarded areas, a thin
 * bar for any other page that is still loading.
 */
export function SessionCheckIndicator() {
  const navigation = useNavigation();
  if (navigation.state !== "loading" || !navigation.location) return null;
  if (GUARDED.test(navigation.location.pathname)) {
    return (
      <div className="session-check" role="status">
        <span className="spinner" aria-hidden="true" />
        <span>Checking your access…</span>
      </div>
    );
  }
  return <div className="page-loading-bar" role="progressbar" aria-label="Loading page" />;
}
