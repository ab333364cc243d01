import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

/**
 * React Router's default browser entry, with one change: hydration starts in a task of its own. Evaluating the
 * page's scripts (React DOM's modules among them) is one task the browser cannot split; starting hydration in
 * it as well (creating the root, 80-odd event listeners on the document) made that task about a quarter longer,
 * past the 50 ms of a phone's CPU that counts as blocking (CPU profiles under a 4× slowdown, decision 040).
 * The work is the same and runs at once; the browser can paint and answer input between the two.
 */
function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

setTimeout(hydrate, 0);
