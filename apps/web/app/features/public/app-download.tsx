import { appDownload } from "../../content/home.ts";

/** Store links are configured on the server (APP_STORE_URL, PLAY_STORE_URL); with none, no block. */
export function AppDownload({
  appStoreUrl,
  playStoreUrl,
}: {
  appStoreUrl: string | null;
  playStoreUrl: string | null;
}) {
  if (!appStoreUrl && !playStoreUrl) return null;
  return (
    <section className="home-section home-app" aria-labelledby="app-download-heading">
      <div className="page">
        <h2 id="app-download-heading">{appDownload.title}</h2>
        <p>{appDownload.description}</p>
        <p className="home-app-links">
          {appStoreUrl ? (
            <a className="button button-primary" href={appStoreUrl} rel="noopener noreferrer" target="_blank">
              {appDownload.appStoreCaption}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          ) : null}
          {playStoreUrl ? (
            <a className="button button-primary" href={playStoreUrl} rel="noopener noreferrer" target="_blank">
              {appDownload.playStoreCaption}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          ) : null}
        </p>
      </div>
    </section>
  );
}
