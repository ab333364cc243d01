import { describe, expect, it } from "vitest";
import { parseEcbReferenceRates, perGbpFromEuroRates } from "./ecb-reference-rates.ts";

const HEADER = "Date,USD,JPY,GBP,CHF,";

describe("parseEcbReferenceRates", () => {
  it("turns euro rates into rates per £1, oldest day first, leaving out what is missing", () => {
    const parsed = parseEcbReferenceRates(
      [HEADER, "2025-04-25,1.1357,162.8,0.8531,N/A,", "2025-04-24,1.1376,162.16,0.855,0.9392,", ""].join("\r\n"),
    );
    expect(parsed.currencies).toEqual(["CHF", "EUR", "JPY", "USD"]);
    expect(parsed.days.map((d) => d.day)).toEqual(["2025-04-24", "2025-04-25"]);
    const day = parsed.days[1]?.perGbp;
    expect(day?.get("USD")).toBe("1.33126245"); // 1.1357 / 0.8531
    expect(day?.get("EUR")).toBe("1.17219552"); // 1 / 0.8531
    expect(day?.has("CHF")).toBe(false);
    expect(day?.has("GBP")).toBe(false);
  });

  it("reads a file without trailing commas and skips days without a pound rate", () => {
    const parsed = parseEcbReferenceRates("Date,USD,GBP\n2025-04-25,1.1357,0.8531\n2025-04-24,1.1376,N/A\n");
    expect(parsed.days).toHaveLength(1);
  });

  it.each([
    ["", /first line must start with "Date,"/],
    ["Day,USD,GBP\n2025-04-25,1,1", /first line must start with "Date,"/],
    ["Date,USD,JPY\n2025-04-25,1,1", /no GBP column/],
    ["Date,USD,usd,GBP\n", /"usd" is not a currency code/],
    ["Date,USD,GBP\n2025-04-25,1.1", /Line 2: 1 rates for 2 currencies/],
    ["Date,USD,GBP\n25/04/2025,1.1,0.8", /Line 2: "25\/04\/2025" is not a date/],
    ["Date,USD,GBP\n2025-02-30,1.1,0.8", /is not a date/],
    ["Date,USD,GBP\n2025-04-25,1.1,0.8\n2025-04-25,1.1,0.8", /Line 3: 2025-04-25 appears twice/],
    ["Date,USD,GBP\n2025-04-25,abc,0.8", /Line 2: the USD rate "abc" is not a positive number/],
    ["Date,USD,GBP\n2025-04-25,1.1,0", /the GBP rate "0" is not a positive number/],
    ["Date,USD,GBP\n2025-04-25,1.1,N/A", /no day with a pound rate/],
  ])("refuses %j with a clear message", (text, message) => {
    expect(() => parseEcbReferenceRates(text)).toThrow(message);
  });

  it("converts exactly, whatever the digits", () => {
    expect(
      perGbpFromEuroRates(
        new Map([
          ["GBP", "0.5"],
          ["JPY", "100"],
        ]),
      ).get("JPY"),
    ).toBe("200.00000000");
  });
});
