import { createContext, useContext } from "react";
import type { EntryContext } from "react-router";

/**
 * The JavaScript modules the first render of this page needs, as React Router's `<Scripts>` preloads
 * them: the client entry and its imports, and every matched route's module(s) and imports.
 */
export function modulesOfFirstRender(context: EntryContext): string[] {
  const { manifest, staticHandlerContext, routeDiscovery } = context;
  const hrefs = new Set<string>([manifest.entry.module, ...manifest.entry.imports]);
  // With route discovery "initial" the whole route manifest is a module the page imports up front.
  if (routeDiscovery.mode === "initial") hrefs.add(manifest.url);
  for (const match of staticHandlerContext.matches) {
    const route = manifest.routes[match.route.id];
    if (!route) continue;
    const modules = [
      route.module,
      route.clientActionModule,
      route.clientLoaderModule,
      route.clientMiddlewareModule,
      route.hydrateFallbackModule,
      ...(route.imports ?? []),
    ];
    for (const href of modules) if (href) hrefs.add(href);
  }
  return [...hrefs];
}

/** Set by the server render only (entry.server.tsx); the browser has nothing to add after the fact. */
export const FirstRenderModulesContext = createContext<readonly string[]>([]);

/**
 * Starts the page's scripts early but at low priority, as React DOM does for its own bootstrap modules
 * (`bootstrapModules` are preloaded with `fetchpriority="low"`): the first paint needs only the HTML
 * and its inlined styles, and on a slow phone connection the scripts must not take the bandwidth that
 * the document, the fonts and the first image need. Rendered in the head before React Router's
 * `<Scripts>` preloads of the same URLs, so the browser's single fetch of each module is this one
 * (a module is fetched once per URL; the later preload of the same URL waits for it). Hydration is no
 * later for it on a fast connection, where nothing else competes for the network.
 */
export function LowPriorityModulePreloads({ nonce }: { nonce: string | undefined }) {
  const hrefs = useContext(FirstRenderModulesContext);
  return (
    <>
      {hrefs.map((href) => (
        <link key={href} rel="modulepreload" href={href} fetchPriority="low" nonce={nonce} />
      ))}
    </>
  );
}
