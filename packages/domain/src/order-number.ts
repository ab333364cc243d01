export const ORDER_NUMBER_PATTERN = /^\d{8}$/;

const ORDER_NUMBER_MIN = 10_000_000;
const ORDER_NUMBER_SPAN = 90_000_000;
const UINT32_RANGE = 2 ** 32;
/** Largest multiple of the span within uint32 range; draws at or above it would bias the low numbers. */
const ACCEPT_BELOW = Math.floor(UINT32_RANGE / ORDER_NUMBER_SPAN) * ORDER_NUMBER_SPAN;
/** Rejection odds are ~1.5% per draw, so hitting this means the generator is broken, not unlucky. */
const MAX_ATTEMPTS = 100;

export function isOrderNumber(value: unknown): boolean {
  return typeof value === "string" && ORDER_NUMBER_PATTERN.test(value);
}

/**
 * Uniform 8-digit order number (10000000..99999999) by rejection sampling, so
 * callers can plug in crypto.getRandomValues or a seeded source for tests.
 */
export function orderNumberFromRandom(nextUint32: () => number): string {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const x = nextUint32();
    if (!Number.isInteger(x) || x < 0 || x >= UINT32_RANGE) {
      throw new RangeError(`nextUint32 must return an integer in [0, 2^32), got ${x}`);
    }
    if (x < ACCEPT_BELOW) return String(ORDER_NUMBER_MIN + (x % ORDER_NUMBER_SPAN));
  }
  throw new Error(`nextUint32 produced ${MAX_ATTEMPTS} out-of-range draws in a row`);
}
