import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { channels } from "../../db/notify.ts";
import { createTestDatabase } from "../../test/test-app.ts";
import { wakeMailer } from "./enqueue-mail.ts";

describe("wakeMailer", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it("reaches a listener of the outbox channel, however many wake-ups are asked for at once", async () => {
    let heard = 0;
    let resolveHeard: () => void = () => {};
    const first = new Promise<void>((resolve) => {
      resolveHeard = resolve;
    });
    const unlisten = await database.listen(channels.outbox, () => {
      heard++;
      resolveHeard();
    });
    try {
      for (let i = 0; i < 5; i++) wakeMailer(database.db);
      await first;
      // Coalesced: one in flight and at most one more for the wake-ups asked for meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(heard).toBeGreaterThanOrEqual(1);
      expect(heard).toBeLessThanOrEqual(2);
    } finally {
      await unlisten();
    }
  });
});
