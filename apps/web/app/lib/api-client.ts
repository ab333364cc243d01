import {
  type EndpointRoute,
  type EndpointRoutes,
  type EndpointRouteTree,
  endpointRoutes,
  fillPath,
  stockRoutes,
} from "@bureau/domain/contracts/endpoint-routes";
// Types only: the schemas stay on the server, so the browser's bundle carries no validation library.
import type {
  AnswersJson,
  Endpoint,
  EndpointInput,
  EndpointResponse,
  Endpoints,
} from "@bureau/domain/contracts/endpoints";
import type { ApiError } from "@bureau/domain/contracts/errors";
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

/** A typed call of one endpoint: its argument and answer come from the endpoint map's schemas. */
type EndpointCall<E extends Endpoint> =
  undefined extends EndpointInput<E>
    ? (input?: EndpointInput<E>) => Promise<EndpointResponse<E>>
    : (input: EndpointInput<E>) => Promise<EndpointResponse<E>>;

/** The callable endpoints of a part of the map: those answering JSON (downloads and streams are links). */
export type TypedApi<Tree> = {
  readonly [Name in keyof Tree as Tree[Name] extends Endpoint
    ? AnswersJson<Tree[Name]> extends true
      ? Name
      : never
    : Name]: Tree[Name] extends Endpoint ? EndpointCall<Tree[Name]> : TypedApi<Tree[Name]>;
};

type Send = (request: ApiRequest) => Promise<unknown>;

/** The request for one call of an endpoint, from its route and the call's argument (see EndpointInput). */
function requestOf(route: EndpointRoute, input: unknown): ApiRequest {
  const { method } = route;
  if (route.body === "file") return { method, path: route.path, rawBody: input as RawRequestBody };
  const hasParams = route.path.includes(":");
  const withParams = (input ?? {}) as Record<string, unknown>;
  const path = hasParams ? fillPath(route.path, withParams) : route.path;
  if (method === "GET") return { method, path: withQuery(path, hasParams ? withParams.query : input) };
  const body = hasParams ? withParams.body : input;
  return body === undefined ? { method, path } : { method, path, body };
}

function withQuery(path: string, query: unknown): string {
  if (query === undefined || query === null) return path;
  const search =
    query instanceof URLSearchParams
      ? query
      : new URLSearchParams(
          Object.entries(query as Record<string, unknown>).flatMap(([name, value]) =>
            value === undefined || value === null
              ? []
              : (Array.isArray(value) ? value : [value]).map((item) => [name, String(item)]),
          ),
        );
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

function typedCalls<Routes extends EndpointRouteTree>(routes: Routes, send: Send): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(routes).map(([name, node]) => [
      name,
      isRoute(node) ? (input?: unknown) => send(requestOf(node, input)) : typedCalls(node as EndpointRouteTree, send),
    ]),
  );
}

function isRoute(node: EndpointRoute | EndpointRouteTree): node is EndpointRoute {
  return typeof node.path === "string";
}

/** A client over the given part of the endpoint map (the whole map on the server, one area in the browser). */
function clientOver<Routes extends EndpointRouteTree, Tree>(routes: Routes, transport: ApiTransport): TypedApi<Tree> {
  const send: Send = async (request) => {
    const response = await transport(request);
    if (response.status >= 400) {
      const apiError = (response.body as ApiError | null)?.error;
      throw new ApiClientError(response.status, apiError);
    }
    return response.body;
  };
  return typedCalls(routes, send) as TypedApi<Tree>;
}

/** The whole API, typed from the endpoint map: `api.orders.place(order)`, `api.admin.orders.archive({ id })`. */
export function createApiClient(transport: ApiTransport): TypedApi<Endpoints> {
  return clientOver<EndpointRoutes, Endpoints>(endpointRoutes, transport);
}

export type ApiClient = ReturnType<typeof createApiClient>;

/**
 * Fields a route action passes on as they were posted, typed as the endpoint's request: the API
 * validates them, and its refusal is the action's outcome in the API's words.
 */
export function postedAs<Request>(fields: unknown): Request {
  return fields as Request;
}

/** The areas the browser reads from its event handlers: only their routes go into the browser's bundle. */
const browserRoutes = { stock: stockRoutes };
type BrowserApi = TypedApi<Pick<Endpoints, keyof typeof browserRoutes>>;

let browserClient: BrowserApi | undefined;
/** The client for reads from event handlers in the browser (changes go through route actions). */
export function browserApi(): BrowserApi {
  browserClient ??= clientOver<typeof browserRoutes, Pick<Endpoints, keyof typeof browserRoutes>>(
    browserRoutes,
    browserTransport,
  );
  return browserClient;
}
