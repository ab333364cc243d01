import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      { test: { name: "domain", include: ["packages/domain/src/**/*.test.ts"] } },
      {
        test: {
          name: "web",
          include: ["apps/web/app/**/*.test.ts"],
          // Node's own Web Storage stands in for the browser's localStorage (the cart store's tests).
          execArgv: [
            "--experimental-webstorage",
            `--localstorage-file=${path.join(os.tmpdir(), `bureau-web-tests-${process.pid}.json`)}`,
          ],
        },
      },
      {
        test: {
          name: "server",
          include: ["apps/server/src/**/*.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
