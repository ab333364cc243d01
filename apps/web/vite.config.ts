import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

/** The chunk every page loads first: the libraries (React, React DOM, React Router, big.js, …). */
const FRAMEWORK_CHUNK = "framework";

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
            advancedChunks: {
              groups: [
                // Every library in one chunk, except those a staff page loads on demand (the QR scanner's
                // jsQR): in this group every page would load them up front.
                { name: FRAMEWORK_CHUNK, test: /node_modules\/(?!jsqr\/)/ },
                // Everything the public pages share, in one request rather than one per small module
                // (12 scripts → 5 up front on the home page); the staff dashboard's code stays apart, and so
                // do the rules only the dashboard runs (the handover panel's ID check and note counts, the due-diligence
                // record, the receipt, the permission matrix, the till, the counter, reversals), the order page's collect-by date and
                // opening hours, the sign-in and sign-up forms, the account links' pages (verification, the
                // Secure Box) and the legal documents' layout, which only their own pages load.
                {
                  name: "shared",
                  test: /packages\/domain\/src\/(?!handover|denominations|note-split|customer-due-diligence|customer-receipt|whole-notes|note-text|staff-permissions|till|counter-trade|reversal|collection-deadline|opening-hours)|app\/((lib|components|content|features\/(public|cart|order))\/(?!legal-document)|features\/account\/(?!auth-|provider-|account-link-|staff-step-card))/,
                  minShareCount: 2,
                },
              ],
            },
          },
        },
      },
    },
  },
});
