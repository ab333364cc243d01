import { describe, expect, it } from "vitest";
import { DEFAULT_DUE_DILIGENCE_TIERS } from "./due-diligence.ts";
import { DEFAULT_RISK_RULES, nearTierFlag, sameName } from "./risk-flags.ts";

describe("risk flag rules", () => {
  it("an order of several lines within 10% under the €15,000 threshold at the previous day's rate, exactly", () => {
    // At 1.2 euros a pound, 90% of €15,000 is €13,500 = £11,250.00.
    const at = nearTierFlag(
      { linesGbpMinor: [4_000_00, 4_000_00, 3_250_00], orderGbpMinor: 11_250_00 },
      DEFAULT_DUE_DILIGENCE_TIERS,
      "1.2",
      DEFAULT_RISK_RULES,
    );
    expect(at?.detail).toBe("The order (£11,250.00, €13,500.00) is within 10% under the €15,000.00 threshold");
    const below = nearTierFlag(
      { linesGbpMinor: [4_000_00, 4_000_00, 3_249_99], orderGbpMinor: 11_249_99 },
      DEFAULT_DUE_DILIGENCE_TIERS,
      "1.2",
      DEFAULT_RISK_RULES,
    );
    expect(below).toBeNull();
    // Without a EUR rate only the sterling tier is checked.
    expect(
      nearTierFlag(
        { linesGbpMinor: [11_250_00], orderGbpMinor: 11_250_00 },
        DEFAULT_DUE_DILIGENCE_TIERS,
        null,
        DEFAULT_RISK_RULES,
      ),
    ).toBeNull();
  });

  it("compares names by their tokens: case, accents, spacing and order do not make another name", () => {
    expect(sameName("José  García", "GARCIA jose")).toBe(true);
    expect(sameName("Jon Smith", "John Smith")).toBe(false);
  });
});
