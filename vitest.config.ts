import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      { test: { name: "domain", include: ["packages/domain/src/**/*.test.ts"] } },
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
