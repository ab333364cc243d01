import type { ApiError } from "@bureau/domain/contracts/errors";
import type { BranchList, CurrencyList } from "@bureau/domain/contracts/reference-data";
import type { ApiTransport } from "@bureau/domain/contracts/web-host";

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

export const browserTransport: ApiTransport = async ({ method, path, body, headers }) => {
  const response = await fetch(path, {
    method,
    credentials: "same-origin",
    headers: { ...(body !== undefined ? { "content-type": "application/json" } : {}), ...headers },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  return { status: response.status, body: parsed, setCookies: [] };
};

/**
 * Sends a file as the raw request body from the browser (the profile photo, the sanctions list): the
 * JSON client's transports serialise bodies as JSON, and a file of megabytes must not pass through a
 * page's route action (page posts are limited to a few kilobytes). Errors as the client's.
 */
export async function uploadRawFile<T>(
  method: "POST" | "PUT",
  path: string,
  file: Blob,
  contentType: string,
): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: "same-origin",
    headers: { "content-type": contentType },
    body: file,
  });
  const body = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) throw new ApiClientError(response.status, (body as ApiError | null)?.error);
  return body as T;
}

export function createApiClient(transport: ApiTransport) {
  async function call<T>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<T> {
    const response = await transport({ method, path, body, ...(headers ? { headers } : {}) });
    if (response.status >= 400) {
      const apiError = (response.body as ApiError | null)?.error;
      throw new ApiClientError(response.status, apiError);
    }
    return response.body as T;
  }
  return {
    call,
    currencies: () => call<CurrencyList>("GET", "/api/currencies"),
    branches: () => call<BranchList>("GET", "/api/branches"),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

let browserClient: ApiClient | undefined;
/** The client for event handlers in the browser. */
export function browserApi(): ApiClient {
  browserClient ??= createApiClient(browserTransport);
  return browserClient;
}
