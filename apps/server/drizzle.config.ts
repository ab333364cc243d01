import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: [
    "./apps/server/src/db/schema.ts",
    "./apps/server/src/db/auth-schema.ts",
    "./apps/server/src/db/stats-schema.ts",
  ],
  out: "./apps/server/src/db/migrations",
});
