import type { Config } from "../../config.ts";
import { REFERENCE_AS_OF, referenceRates } from "./reference-rates.ts";

export type RateQuote = { code: string; rate: string; source: string; asOf: Date };

/** Why a provider could not give a rate: the message is safe to show to staff. */
export class RateProviderError extends Error {
  readonly kind: "no_rate" | "refused" | "unavailable";
  constructor(kind: "no_rate" | "refused" | "unavailable", message: string) {
    super(message);
    this.kind = kind;
  }
}

export type RateProvider = {
  name: string;
  /** Units of `code` per 1 GBP. Throws RateProviderError. */
  getRate(code: string): Promise<RateQuote>;
};

const DECIMAL = /^\d+(\.\d+)?$/;

/** A provider's JSON number as an exact decimal string with at most 8 decimals, or null. */
export function toRateString(value: unknown): string | null {
  if (typeof value === "string" && DECIMAL.test(value) && Number(value) > 0) return value;
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) return null;
  // Number#toString gives the shortest decimal that round-trips, i.e. the provider's own digits.
  const text = value.toString();
  if (!DECIMAL.test(text)) return value.toFixed(8).replace(/0+$/, "").replace(/\.$/, "");
  const [whole, fraction = ""] = text.split(".");
  return fraction.length > 8 ? `${whole}.${fraction.slice(0, 8)}` : text;
}

type FetchOptions = { timeoutMs: number; retries: number; fetchImpl?: typeof fetch };

/** GET with a timeout, retrying network errors, timeouts and 5xx with a short backoff. */
async function getJson(url: string, headers: Record<string, string>, options: FetchOptions): Promise<unknown> {
  const fetchImpl = options.fetchImpl ?? fetch;
  let lastError: unknown;
  for (let attempt = 0; attempt <= options.retries; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 200 * 2 ** (attempt - 1)));
    try {
      const response = await fetchImpl(url, { headers, signal: AbortSignal.timeout(options.timeoutMs) });
      if (response.status === 401 || response.status === 403) {
        throw new RateProviderError("refused", "The rates service refused our API key.");
      }
      if (response.status >= 500) {
        lastError = new RateProviderError("unavailable", `The rates service answered ${response.status}.`);
        continue;
      }
      if (!response.ok) return { __status: response.status };
      return await response.json();
    } catch (error) {
      if (error instanceof RateProviderError && error.kind === "refused") throw error;
      lastError = error;
    }
  }
  if (lastError instanceof RateProviderError) throw lastError;
  throw new RateProviderError("unavailable", "The rates service did not answer in time. Please try again.");
}

export function createRateProvider(config: Pick<Config, "rates">, options: Partial<FetchOptions> = {}): RateProvider {
  const fetchOptions: FetchOptions = {
    timeoutMs: options.timeoutMs ?? 5_000,
    retries: options.retries ?? 2,
    ...(options.fetchImpl ? { fetchImpl: options.fetchImpl } : {}),
  };
  const { provider, apiUrl, apiKey } = config.rates;

  if (provider === "exchangerates") {
    const base = (apiUrl ?? "").replace(/\/$/, "");
    return {
      name: "exchangerates",
      async getRate(code) {
        const url = `${base}/convert?to=${encodeURIComponent(code)}&from=GBP&amount=1`;
        const body = (await getJson(url, { apikey: apiKey ?? "" }, fetchOptions)) as {
          info?: { rate?: unknown };
        } | null;
        const rate = toRateString(body?.info?.rate);
        if (!rate) throw new RateProviderError("no_rate", "Wrong currency tried");
        return { code, rate, source: "exchangerates", asOf: new Date() };
      },
    };
  }

  if (provider === "frankfurter") {
    const base = (apiUrl ?? "https://api.frankfurter.app").replace(/\/$/, "");
    return {
      name: "frankfurter",
      async getRate(code) {
        const url = `${base}/latest?from=GBP&to=${encodeURIComponent(code)}`;
        const body = (await getJson(url, {}, fetchOptions)) as {
          rates?: Record<string, unknown>;
          date?: string;
        } | null;
        const rate = toRateString(body?.rates?.[code]);
        if (!rate) throw new RateProviderError("no_rate", "Wrong currency tried");
        const asOf = body?.date ? new Date(`${body.date}T16:00:00Z`) : new Date();
        return { code, rate, source: "frankfurter", asOf };
      },
    };
  }

  return {
    name: "fixed",
    async getRate(code) {
      const rate = referenceRates.get(code);
      if (!rate) throw new RateProviderError("no_rate", "Wrong currency tried");
      return { code, rate, source: "fixed", asOf: new Date(`${REFERENCE_AS_OF}T00:00:00Z`) };
    },
  };
}
