import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * The browser runs the React components on Preact's React-compatible runtime (about 59 KB less
 * JavaScript gzipped on every page); the server renders them with React itself.
 * docs/decisions/007-browser-runtime.md says why and what it costs.
 */
const browserReplacements = new Map([
  ["react", fileURLToPath(new URL("./browser-runtime/react.ts", import.meta.url))],
  ["react/jsx-runtime", "preact/compat/jsx-runtime"],
  ["react/jsx-dev-runtime", "preact/compat/jsx-dev-runtime"],
  ["react-dom", "preact/compat"],
  ["react-dom/client", "preact/compat/client"],
]);

function reactOnPreactInTheBrowser(): Plugin {
  return {
    name: "react-on-preact-in-the-browser",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    resolveId(source, importer, options) {
      const replacement = browserReplacements.get(source);
      return replacement ? this.resolve(replacement, importer, { ...options, skipSelf: true }) : null;
    },
  };
}

export default defineConfig({
  plugins: [reactOnPreactInTheBrowser(), reactRouter()],
  build: { assetsInlineLimit: 0 },
  environments: {
    client: {
      build: {
        // Fewer, larger chunks for the browser: on a phone each extra script request costs more than the
        // bytes it saves (Lighthouse on the home page went from 93 to 96 with this grouping).
        rolldownOptions: {
          output: {
            advancedChunks: {
              groups: [
                { name: "framework", test: /node_modules/ },
                { name: "shared", test: /packages\/domain|app\/(lib|components)\//, minShareCount: 2 },
              ],
            },
          },
        },
      },
    },
  },
});
