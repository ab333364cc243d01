import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

// Our own copy of React Router's default browser entry, changed for running the components on Preact
// in the browser (docs/decisions/007-browser-runtime.md). It lives outside node_modules so that the
// bundler keeps it apart from the framework chunk every route module imports: hydration must start
// only when React Router's inline script imports this entry, after the manifest is on the page.
await serverDataDecoded();
removeHoistedModulePreloads();
// Preact hydrates in one task; starting it in a task of its own keeps each task on a phone's main
// thread shorter (Lighthouse counts every task over 50 ms against the page).
await new Promise((resolve) => setTimeout(resolve, 0));
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});

/**
 * The router's first render starts decoding the loader data the server streamed into the page and,
 * until that is done, suspends by throwing the decoding promise. React waits for it at the root;
 * Preact keeps only the first server element of a suspended tree (here `<head>`) and would build the
 * body a second time. So the first call happens here, outside rendering, and hydration starts once the data is
 * decoded. If a React Router upgrade changes this, the call throws something else and the page
 * visibly stays unhydrated (every browser test fails), rather than half-working.
 */
async function serverDataDecoded(): Promise<void> {
  try {
    HydratedRouter({});
  } catch (pending) {
    if (!isThenable(pending)) throw pending;
    await pending;
  }
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | null)?.then === "function";
}

/**
 * React's server renderer moves the module preload links that `<Scripts>` renders in the body up into
 * `<head>`, ahead of the stylesheet links. Preact hydrates in component order and claims elements by
 * tag name, so it would take those preload links for the stylesheet links and drop the stylesheets.
 * By the time this entry runs every module they name is loaded, so they have done their work.
 */
function removeHoistedModulePreloads(): void {
  for (const preload of document.head.querySelectorAll('link[rel="modulepreload"]')) preload.remove();
}
