import { SEED_RATES_AS_OF, seedCurrencies } from "../../db/seed-data/currencies.ts";

/**
 * The "fixed" provider's bundled reference table (offline, no key): every seeded currency plus
 * further ISO 4217 currencies staff may add. Units of the currency per 1 GBP, as of REFERENCE_AS_OF.
 */
export const REFERENCE_AS_OF = SEED_RATES_AS_OF;

const additionalReferenceRates: Record<string, string> = {
  BDT: "150.2100",
  BOB: "8.5000",
  DZD: "166.4000",
  ETB: "163.8000",
  GHS: "15.9500",
  GYD: "257.4000",
  HNL: "32.5300",
  KGS: "107.5000",
  LAK: "26890.0000",
  MMK: "2582.0000",
  MNT: "4420.0000",
  MZN: "78.6000",
  NGN: "1890.5000",
  NIO: "45.2600",
  NPR: "175.1000",
  PAB: "1.2300",
  PKR: "345.6000",
  PYG: "9120.0000",
  TND: "3.8400",
  UAH: "51.3000",
  UZS: "15050.0000",
  ZMW: "32.4000",
};

export const referenceRates: ReadonlyMap<string, string> = new Map([
  ...seedCurrencies.map((c) => [c.code, c.rate] as const),
  ...Object.entries(additionalReferenceRates),
]);
