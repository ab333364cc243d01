import { type ReactNode, useEffect } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import { ToastProvider } from "./components/ui/toast.tsx";
import { appContext } from "./lib/app-context.ts";
import { useNonce } from "./lib/nonce.ts";
import type { Route } from "./+types/root";
import "./styles/app.css";

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export async function loader({ context }: Route.LoaderArgs) {
  const { publicConfig } = context.get(appContext);
  return { publicConfig };
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
        <Links />
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
    // Lets browser tests (and styles) know the page is interactive.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <ToastProvider>
      <Outlet />
    </ToastProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = typeof error === "object" && error && "status" in error ? Number(error.status) : 500;
  return (
    <main className="error-page" id="main">
      <h1>{status === 404 ? "Page not found" : "Something went wrong"}</h1>
      <p>{status === 404 ? "There is nothing at this address." : "Please try again in a moment."}</p>
      <p>
        <a href="/">Back to Travel Money</a>
      </p>
    </main>
  );
}
