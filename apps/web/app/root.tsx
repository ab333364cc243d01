import { type ReactNode, useEffect } from "react";
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import { RouteErrorBoundary } from "./components/layout/route-error.tsx";
import { SiteStyles } from "./components/layout/site-styles.tsx";
import { markFirstHydrationCommitted } from "./components/ui/render-when-visible.tsx";
import { ToastProvider } from "./components/ui/toast.tsx";
import { SessionCheckIndicator } from "./features/account/session-check-indicator.tsx";
import { sessionOfRequest } from "./features/account/session.ts";
import { appContext } from "./lib/app-context.ts";
import { useNonce } from "./lib/nonce.ts";
import { LowPriorityModulePreloads } from "./lib/script-priority.tsx";
import type { Route } from "./+types/root";

// A PNG, not an SVG: the browser draws an SVG icon as a whole document of its own (style, layout, the text's
// font) on the page's main thread after every load, measured at 15-48 ms; a 32 px PNG decodes in well under 1 ms.
export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.png", type: "image/png", sizes: "32x32" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const { publicConfig } = context.get(appContext);
  // The session is read on the server, so the first HTML already shows the right header (no flash
  // of signed-out content). A refreshed session cookie from the API is passed on to the browser.
  const { user, setCookies } = await sessionOfRequest(context);
  const headers = new Headers();
  for (const cookie of setCookies) headers.append("set-cookie", cookie);
  return data({ publicConfig, user }, { headers });
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b3954" />
        <Meta />
        <SiteStyles />
        <Links />
        <LowPriorityModulePreloads nonce={nonce} />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  useEffect(() => {
    markFirstHydrationCommitted();
    // Lets browser tests (and styles) know the page is interactive.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <ToastProvider>
      <SessionCheckIndicator />
      <Outlet />
    </ToastProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // The dashboard guard refuses signed-in non-admins before any loader runs, so its 403 lands here.
  return <RouteErrorBoundary error={error} />;
}
