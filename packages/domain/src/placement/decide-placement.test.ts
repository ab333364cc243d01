import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_DUE_DILIGENCE_TIERS } from "../due-diligence.ts";
import { DEFAULT_ORDER_LIMITS } from "../order-limits.ts";
import { DEFAULT_RISK_RULES } from "../risk-flags.ts";
import { collectQuote, now } from "./test-quotes.ts";
import type { StoredQuote } from "./basket.ts";
import {
  decidePlacement,
  type PlacementRead,
  type PlacementRequest,
  type PlacementScreening,
} from "./decide-placement.ts";

const settings = {
  limits: DEFAULT_ORDER_LIMITS,
  tiers: DEFAULT_DUE_DILIGENCE_TIERS,
  rules: DEFAULT_RISK_RULES,
  maxSterlingBackPercent: 10,
  now,
};
const branch = {
  key: "worthing",
  name: "Worthing",
  addressLines: ["14 South Street"],
  postcode: "BN11 3AE",
  phone: "1",
};
const customer = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", phone: "07700 900123" };

function requestFor(quotes: StoredQuote[]): PlacementRequest {
  return {
    idempotencyKey: "key-1",
    way: "Order",
    lines: quotes.map((q) => ({ quoteId: q.id, rate: "1.1500", gbpMinor: q.gbpMinor, foreignMinor: q.foreignMinor })),
    branch: "worthing",
    customer,
  };
}

function readOf(quotes: StoredQuote[], overrides: Partial<PlacementRead> = {}): PlacementRead {
  return {
    quotes,
    sameSubmission: false,
    branch,
    sanctionsListId: null,
    eurRate: { eurPerGbp: "1.15", day: "2026-11-26" },
    linked: {
      totals: { yearOrderGbpMinor: 25_000, yearSellGbpMinor: 0, monthOrderGbpMinor: 25_000, monthSellGbpMinor: 0 },
      frequentOrders: 1,
      otherNames: [],
      emailSeq: 3,
      phoneSeq: null,
      dueDiligenceCovered: false,
    },
    ...overrides,
  };
}

const decide = (quotes: StoredQuote[], read: PlacementRead, screening: PlacementScreening | null = null) =>
  decidePlacement({ request: requestFor(quotes), read, screening, orderId: "order-1", settings });

describe("a placement decided from its read", () => {
  const quote = collectQuote("b", 25_000);

  it("answers a retry of the same submission with its order, before any check", () => {
    expect(decide([quote], readOf([{ ...quote, used: true }], { sameSubmission: true }))).toEqual({
      kind: "same-submission",
    });
  });

  it("refuses a used quote, then a missing branch, with the customer's messages", () => {
    expect(decide([quote], readOf([{ ...quote, used: true }]))).toEqual({
      kind: "refused",
      refusal: {
        code: "quote_invalid",
        message: "A price in your basket has already been used for an order. Please add it again.",
        fields: { lines: "Quote already used" },
      },
    });
    expect(decide([quote], readOf([quote], { branch: null }))).toEqual({
      kind: "refused",
      refusal: {
        code: "validation_failed",
        message: "Select the checking point",
        fields: { branch: "Select the checking point" },
      },
    });
  });

  it("writes the order, its e-mail and its next places in the customer's sequences", () => {
    const decision = decide([quote], readOf([quote]));
    expect(decision.kind).toBe("write");
    if (decision.kind !== "write") return;
    expect(decision.write).toMatchObject({
      orderId: "order-1",
      way: "Order",
      email: "ada@example.com",
      branchKey: "worthing",
      totalGbpMinor: 25_000,
      createdAt: now.toISOString(),
      holdReason: null,
      heldAt: null,
      emailSeq: 4,
      phoneSeq: 1,
      screening: null,
      seriesHoldReason: null,
      mail: {
        kind: "order-received",
        dedupeKey: "order-received:order-1",
        payload: { to: "ada@example.com", data: { orderId: "order-1" } },
      },
    });
    expect(decision.notesCurrency).toBe("");
  });

  it("holds a sanctions match in the order's own write, with the screening stored", () => {
    const screening: PlacementScreening = {
      score: 0.95,
      result: "match",
      best: { entryId: "RUS0001", name: "Ada Lovelace" },
      listId: "list-1",
      screenedName: "Ada Lovelace",
    };
    const decision = decide([quote], readOf([quote], { sanctionsListId: "list-1" }), screening);
    if (decision.kind !== "write") throw new Error(decision.kind);
    expect(decision.write.holdReason).toContain("UK Sanctions List entry RUS0001 (score 0.950)");
    expect(decision.write.heldAt).toBe(now.toISOString());
    expect(decision.write.screening).toEqual({
      listId: "list-1",
      screenedName: "Ada Lovelace",
      score: "0.950",
      result: "match",
      matchedEntryId: "RUS0001",
      matchedName: "Ada Lovelace",
    });
    expect(decision.write.audit.map((entry) => entry.action)).toEqual(["order.hold"]);
  });

  it("holds the customer's series only when the order crosses the threshold", () => {
    const crossing = readOf([quote], {
      linked: { ...readOf([quote]).linked, totals: { ...readOf([quote]).linked.totals, yearOrderGbpMinor: 2_000_000 } },
    });
    const decision = decide([quote], crossing);
    if (decision.kind !== "write") throw new Error(decision.kind);
    expect(decision.write.seriesHoldReason).not.toBeNull();
    expect(decision.write.seriesHoldReason).toBe(decision.write.holdReason);
    const covered = decide([quote], { ...crossing, linked: { ...crossing.linked, dueDiligenceCovered: true } });
    if (covered.kind !== "write") throw new Error(covered.kind);
    expect(covered.write.seriesHoldReason).toBeNull();
  });

  it("writes the lines in quote-id order, keeping each line's place in the basket", () => {
    const ids = fc.uniqueArray(fc.stringMatching(/^[0-9a-f]{4}$/), { minLength: 1, maxLength: 4 });
    fc.assert(
      fc.property(ids, (unique) => {
        const quotes = unique.map((id) => collectQuote(id, 20_000));
        const decision = decide(quotes, readOf([...quotes].reverse()));
        if (decision.kind !== "write") throw new Error(decision.kind);
        const written = decision.write.lines;
        expect(written.map((l) => l.quoteId)).toEqual([...unique].sort());
        for (const line of written) expect(unique[line.position - 1]).toBe(line.quoteId);
        expect(decision.lines.map((l) => l.id)).toEqual(unique);
      }),
    );
  });
});
