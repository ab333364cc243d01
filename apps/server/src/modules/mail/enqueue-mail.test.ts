import { like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { channels } from "../../db/notify.ts";
import { outbox } from "../../db/schema.ts";
import { createTestDatabase } from "../../test/test-app.ts";
import { payloadKeptAfterSending, WAKE_SPACING_MS, wakeMailer } from "./enqueue-mail.ts";

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

  it("wakes at most once per spacing under a stream of wake-ups, and sends one asked for within the spacing when it ends", async () => {
    const heardAt: number[] = [];
    const unlisten = await database.listen(channels.outbox, () => heardAt.push(performance.now()));
    try {
      await new Promise((resolve) => setTimeout(resolve, 3 * WAKE_SPACING_MS));
      heardAt.length = 0;
      // A wake-up every 2 ms for 10 spacings (a placement every 2 ms).
      const started = performance.now();
      let asked = 0;
      while (performance.now() - started < 10 * WAKE_SPACING_MS) {
        wakeMailer(database.db);
        asked++;
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      await new Promise((resolve) => setTimeout(resolve, 5 * WAKE_SPACING_MS));
      expect(asked).toBeGreaterThan(30);
      // One per spacing at most (and one at the start), give or take the timers' slack.
      expect(heardAt.length).toBeGreaterThanOrEqual(3);
      expect(heardAt.length).toBeLessThanOrEqual(13);

      // A wake-up asked for within the spacing is not lost: it is sent when the spacing ends.
      heardAt.length = 0;
      const firstAt = performance.now();
      wakeMailer(database.db);
      wakeMailer(database.db);
      await new Promise((resolve) => setTimeout(resolve, 5 * WAKE_SPACING_MS));
      expect(heardAt).toHaveLength(2);
      expect(heardAt[1]! - firstAt).toBeGreaterThanOrEqual(WAKE_SPACING_MS - 1);
    } finally {
      await unlisten();
    }
  });
});

describe("payloadKeptAfterSending", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it("drops the working link of every account e-mail once sent, and keeps other e-mails whole", async () => {
    const link = { data: { url: "https://bureau.example/secret?token=abc" } };
    const secretKinds = ["email-verification", "password-reset", "account-closure", "second-factor-enrolment"] as const;
    await database.db.insert(outbox).values([
      ...secretKinds.map((kind) => ({
        kind,
        dedupeKey: `kept:${kind}`,
        payload: { to: `${kind}@example.com`, ...link },
      })),
      { kind: "order-received", dedupeKey: "kept:order", payload: { to: "o@example.com", data: { orderId: "x" } } },
    ]);
    await database.db
      .update(outbox)
      .set({ payload: payloadKeptAfterSending() })
      .where(like(outbox.dedupeKey, "kept:%"));
    const rows = await database.db.select().from(outbox).where(like(outbox.dedupeKey, "kept:%"));
    const byKind = new Map(rows.map((row) => [row.kind, row.payload]));
    for (const kind of secretKinds) {
      expect(byKind.get(kind)).toEqual({ to: `${kind}@example.com`, data: { link: "removed after sending" } });
    }
    expect(byKind.get("order-received")).toEqual({ to: "o@example.com", data: { orderId: "x" } });
  });
});
