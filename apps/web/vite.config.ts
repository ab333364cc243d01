import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

/** The chunk every page loads first: the libraries (React, React DOM, React Router, big.js, …). */
const FRAMEWORK_CHUNK = "framework";

/** The modules whose code the landing page runs: the document's root, the public layout and the home page. */
const LANDING_PAGE_MODULES = [
  "app/root.tsx",
  "app/entry.client.tsx",
  "app/routes/public/public-layout.tsx",
  "app/routes/public/home.tsx",
].map((file) => path.resolve(import.meta.dirname, file));

/**
 * Our code the public pages share, split by whether the landing page needs it (see `landingPageChunk`). The staff
 * dashboard's code stays apart, and so do the rules only the dashboard runs (the handover panel's ID check and
 * note counts, the due-diligence record, the receipt, the permission matrix, the till, the counter, reversals),
 * the order page's collect-by date and opening hours, the sign-in and sign-up forms, the account links' pages
 * (verification, the Secure Box) and the legal documents' layout, which only their own pages load.
 */
const PUBLIC_CODE =
  /packages\/domain\/src\/(?!handover|denominations|note-split|customer-due-diligence|customer-receipt|whole-notes|note-text|staff-permissions|till|counter-trade|reversal|collection-deadline|opening-hours)|app\/((lib|components|content|features\/(public|cart|order))\/(?!legal-document)|features\/account\/(?!auth-|provider-|account-link-|staff-step-card))/;

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

/** Every module the given ones import, directly or through others, themselves included: read off Rolldown's graph. */
function staticallyReachedFrom(entries: readonly string[], graph: ModuleGraph): Set<string> {
  const reached = new Set<string>();
  const waiting = [...entries];
  for (let id = waiting.pop(); id !== undefined; id = waiting.pop()) {
    if (reached.has(id)) continue;
    reached.add(id);
    waiting.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return reached;
}

/** What the landing page reaches, worked out once per build, on the first module the chunking asks about. */
let landingPageReach: Set<string> | undefined;

/**
 * The public pages' shared code goes in two chunks: `shared`, what the landing page runs (every public page
 * loads it), and `pages`, what only other pages share (the order's summary, the tables, the dialogs, …). The home
 * page, the page most visitors open first, then downloads and compiles none of the second (decision 043). A
 * module the home page starts to import moves to `shared` by itself. `shared` is formed first (a higher
 * priority), so that the modules it depends on go with it rather than with `pages`.
 */
function landingPageChunk(id: string, graph: ModuleGraph): string | null {
  landingPageReach ??= staticallyReachedFrom(LANDING_PAGE_MODULES, graph);
  return landingPageReach.has(id) ? "shared" : null;
}

export default defineConfig({
  plugins: [reactRouter()],
  build: { assetsInlineLimit: 0 },
  environments: {
    client: {
      build: {
        // Fewer, larger chunks for the browser: on a phone each extra script request costs more than the
        // bytes it saves (Lighthouse on the home page went from 93 to 96 with this grouping).
        rolldownOptions: {
          output: {
            // V8's explicit compile hint on the libraries' chunk: React DOM's reconciler and React Router run
            // while the page hydrates, so V8 compiles the chunk's functions while it downloads, on a background
            // thread, instead of stopping the main thread to compile each on its first call (decision 042). Our
            // own chunks are small and partly run only on a click: marking them made no measurable difference.
            postBanner: (chunk) => (chunk.name === FRAMEWORK_CHUNK ? "//# allFunctionsCalledOnLoad" : ""),
            codeSplitting: {
              groups: [
                // Every library in one chunk, except those a staff page loads on demand (the QR scanner's
                // jsQR): in this group every page would load them up front.
                { name: FRAMEWORK_CHUNK, test: /node_modules\/(?!jsqr\/)/, priority: 3 },
                // Everything the public pages share, in two requests rather than one per small module (the home
                // page loaded 12 scripts before this grouping, 7 now); see PUBLIC_CODE for what stays apart.
                { name: landingPageChunk, test: PUBLIC_CODE, minShareCount: 2, priority: 2 },
                { name: "pages", test: PUBLIC_CODE, minShareCount: 2, priority: 1 },
              ],
            },
          },
        },
      },
    },
  },
});
