import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { Database } from "../db/client.ts";
import { settings } from "../db/schema.ts";
import { createTestDatabase } from "../test/test-app.ts";
import { readSetting, type SettingDefinition, writeSetting } from "./settings-store.ts";

const greeting: SettingDefinition<{ text: string; times: number }> = {
  key: "test_greeting",
  schema: z.object({ text: z.string(), times: z.number().int() }),
  fallback: { text: "hello", times: 1 },
};

describe("the settings store", () => {
  let t: Database;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => {
    await t.close();
  });

  it("reads the fallback while nothing is stored", async () => {
    expect(await readSetting(t.db, greeting)).toEqual({ text: "hello", times: 1 });
  });

  it("stores a value and replaces it on the next write", async () => {
    await writeSetting(t.db, greeting, { text: "hi", times: 2 });
    expect(await readSetting(t.db, greeting)).toEqual({ text: "hi", times: 2 });
    await t.db.transaction((tx) => writeSetting(tx, greeting, { text: "hey", times: 3 }));
    expect(await readSetting(t.db, greeting)).toEqual({ text: "hey", times: 3 });
    const rows = await t.db.select().from(settings).where(eq(settings.key, greeting.key));
    expect(rows).toHaveLength(1);
  });

  it("falls back, and says why, when the stored value does not match the schema", async () => {
    await t.db
      .update(settings)
      .set({ value: { text: 42 } })
      .where(eq(settings.key, greeting.key));
    const problems: string[] = [];
    expect(await readSetting(t.db, greeting, (problem) => problems.push(problem))).toEqual(greeting.fallback);
    expect(problems).toHaveLength(1);
  });
});
