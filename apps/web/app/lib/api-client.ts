import type { ApiError } from "@bureau/domain/contracts/errors";
import type { BranchList, CurrencyList } from "@bureau/domain/contracts/reference-data";
import type { ApiRequest, ApiTransport, RawRequestBody } from "@bureau/domain/contracts/web-host";

/**
 * The web app's one API client. On the server it runs over an in-process transport given by the
 * host; in the browser over fetch. Responses are validated by the server's response schemas, so the
 * browser bundle carries types only, not a validation library.
 */
export class ApiClientError extends Error {
  readonly status: number;
  readonly apiError: ApiError["error"] | undefined;
  constructor(status: number, apiError: ApiError["error"] | undefined) {
    super(apiError?.message ?? "Something went wrong");
    this.status = status;
    this.apiError = apiError;
  }
}

/**
 * The text to show (toast or inline) for a failed API call: the API's own message, which is written
 * for people at every status (5xx answers carry no internals, see plugins/errors.ts on the server);
 * the fallback when there was no API answer to read (network failure, a proxy's page).
 */
export function apiErrorText(error: unknown, fallback = "Something went wrong"): string {
  return error instanceof ApiClientError && error.apiError ? error.apiError.message : fallback;
}

/** The field-level messages of a refused form (the API's `fields`), for the named fields only. */
export function apiFieldProblems<Name extends string>(
  error: ApiClientError,
  names: readonly Name[],
): Partial<Record<Name, string>> {
  const fields: Partial<Record<Name, string>> = {};
  for (const name of names) {
    const problem = error.apiError?.fields?.[name];
    if (problem) fields[name] = problem;
  }
  return fields;
}

/**
 * The browser's transport, for reads only (the stock check of the order page): every change goes
 * through a route action (decision 016), so a change sent from here is a mistake, refused before any
 * request leaves.
 */
export const browserTransport: ApiTransport = async (request) => {
  if (request.method !== "GET" || request.body !== undefined || request.rawBody !== undefined) {
    throw new Error(
      `${request.method} ${request.path}: changes go through a route action, not the browser's API client`,
    );
  }
  const response = await fetch(request.path, { credentials: "same-origin", headers: request.headers ?? {} });
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  return { status: response.status, body: parsed, setCookies: [] };
};

export function createApiClient(transport: ApiTransport) {
  async function send<T>(request: ApiRequest): Promise<T> {
    const response = await transport(request);
    if (response.status >= 400) {
      const apiError = (response.body as ApiError | null)?.error;
      throw new ApiClientError(response.status, apiError);
    }
    return response.body as T;
  }
  return {
    call: <T>(method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
      send<T>({ method, path, body, ...(headers ? { headers } : {}) }),
    /** Sends a file as the request's body, as it is (for the endpoints that take one), not as JSON. */
    upload: <T>(method: "POST" | "PUT", path: string, rawBody: RawRequestBody) => send<T>({ method, path, rawBody }),
    currencies: () => send<CurrencyList>({ method: "GET", path: "/api/currencies" }),
    branches: () => send<BranchList>({ method: "GET", path: "/api/branches" }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

let browserClient: ApiClient | undefined;
/** The client for reads from event handlers in the browser (changes go through route actions). */
export function browserApi(): ApiClient {
  browserClient ??= createApiClient(browserTransport);
  return browserClient;
}
