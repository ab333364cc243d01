import { createContext, RouterContextProvider } from "react-router";
import type { ApiTransport } from "./api-client.ts";

/** Settings the server shares with the page (never secrets). */
export type PublicConfig = {
  /** The site's public origin (links in the sitemap, e-mails). */
  publicUrl: string;
  moneyTransferUrl: string;
  worfxUrl: string;
  appStoreUrl: string | null;
  playStoreUrl: string | null;
  googleEnabled: boolean;
  oidcEnabled: boolean;
};

/** What the hosting server gives every server-side loader and action. */
export type AppLoadContext = {
  nonce: string;
  requestId: string;
  api: ApiTransport;
  publicConfig: PublicConfig;
};

export const appContext = createContext<AppLoadContext>();

export function createLoadContext(values: AppLoadContext): RouterContextProvider {
  const provider = new RouterContextProvider();
  provider.set(appContext, values);
  return provider;
}
