import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { compareRatesSchema } from "@bureau/domain/contracts/compare-rates";
import { quote } from "@bureau/domain/pricing";
import { currencies, settings } from "../../db/schema.ts";
import { createTestApp } from "../../test/test-app.ts";

describe("GET /api/compare-rates", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const get = async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/compare-rates" });
    expect(response.statusCode).toBe(200);
    return compareRatesSchema.parse(response.json());
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.delete(settings).where(eq(settings.key, "competitor_rates"));
  });

  it("prices £450 at our live EUR Click & Collect rate, exactly as an order would", async () => {
    const { providers, amountGbpMinor } = await get();
    expect(amountGbpMinor).toBe(45_000);
    const ours = providers[0];
    expect(ours?.name).toBe("Harbour FX");
    expect(ours?.ours).toBe(true);
    const list = (await t.app.inject({ method: "GET", url: "/api/currencies" })).json();
    const eur = list.currencies.find((c: { code: string }) => c.code === "EUR");
    expect(ours?.rate).toBe(eur.collectRate);
    const expected = quote({ way: "Order", rate: eur.collectRate, currency: "EUR", gbpMinor: 45_000 });
    expect(expected.ok && expected.foreignMinor).toBe(ours?.foreignMinor);
  });

  it("shows the three competitors as unknown (null, never 0) until staff enter figures", async () => {
    const { providers } = await get();
    expect(providers.map((p) => p.name)).toEqual(["Harbour FX", "Post Office", "Travelex", "Marks & Spencer"]);
    for (const competitor of providers.slice(1)) {
      expect(competitor).toMatchObject({ ours: false, foreignMinor: null, checkedOn: null });
    }
  });

  it("shows the figures staff entered with their checked-on date, and a zero as unknown", async () => {
    await t.db.insert(settings).values({
      key: "competitor_rates",
      value: [
        { name: "Travelex", eurFor450: "493.10", checkedOn: "2026-11-20" },
        { name: "post office", eurFor450: "497.25", checkedOn: "2026-11-19" },
        { name: "Marks & Spencer", eurFor450: "0.00", checkedOn: "2026-11-19" },
      ],
    });
    const { providers } = await get();
    expect(providers.slice(1)).toEqual([
      { name: "Post Office", ours: false, foreignMinor: 49_725, rate: null, checkedOn: "2026-11-19" },
      { name: "Travelex", ours: false, foreignMinor: 49_310, rate: null, checkedOn: "2026-11-20" },
      { name: "Marks & Spencer", ours: false, foreignMinor: null, rate: null, checkedOn: null },
    ]);
  });

  it("treats a malformed setting as no figures rather than failing the home page", async () => {
    await t.db.insert(settings).values({ key: "competitor_rates", value: { Travelex: 493 } });
    const { providers } = await get();
    expect(providers.slice(1).every((p) => p.foreignMinor === null)).toBe(true);
  });

  it("has no figure of ours when euros are not on sale", async () => {
    await t.db.update(currencies).set({ active: false }).where(eq(currencies.code, "EUR"));
    try {
      const { providers } = await get();
      expect(providers[0]).toMatchObject({ name: "Harbour FX", foreignMinor: null, rate: null });
    } finally {
      await t.db.update(currencies).set({ active: true }).where(eq(currencies.code, "EUR"));
    }
  });
});
