import { data, type RouterContextProvider } from "react-router";
import { type ApiClient, ApiClientError, apiErrorText, createApiClient } from "./api-client.ts";
import { appContext } from "./app-context.ts";
import type { ActionOutcome } from "./route-action.ts";

/** The API client for server-side loaders and actions of the current request. */
export function serverApi(context: Readonly<RouterContextProvider>) {
  return createApiClient(context.get(appContext).api);
}

/**
 * How a loader words an address that names nothing the API knows (the API answered 400 or 404): the
 * error page's status and text. With `apiWordsFirst` the API's own message is shown when it gave one.
 */
export type NoSuchThing = { status: 400 | 404; message: string; apiWordsFirst?: boolean };

/**
 * The one way loaders turn the API's refusal into a page. Loaders take their input from the address bar
 * (a search, a page cursor, a code in the path), so an API refusal (4xx) becomes a response for the
 * route's error boundary, never a 500 page: by default of the API's status in its words; a 400 or 404 as
 * `noSuchThing` says when given. Other errors (the API unreachable, a 5xx) propagate.
 */
export async function refusalAsResponse<T>(pending: Promise<T>, noSuchThing?: NoSuchThing): Promise<T> {
  try {
    return await pending;
  } catch (error) {
    if (!(error instanceof ApiClientError) || error.status < 400 || error.status >= 500) throw error;
    if (noSuchThing && (error.status === 400 || error.status === 404)) {
      const message = noSuchThing.apiWordsFirst
        ? (error.apiError?.message ?? noSuchThing.message)
        : noSuchThing.message;
      throw data(message, { status: noSuchThing.status });
    }
    throw data(error.message, { status: error.status });
  }
}

/**
 * A route action's API call (decision 016), run as the visitor through the in-process API: answers the
 * outcome for the fetcher that posted it (useRouteAction), either the API's answer or its refusal in
 * the API's own words, and passes on any cookie the API set or cleared (signing in and out). Answered
 * with 200 either way, so the page's data reloads after a refusal too: a refusal often means someone
 * changed the thing first. Errors that are not the API's answer (the server unreachable) propagate.
 */
export async function apiAction<T>(context: Readonly<RouterContextProvider>, run: (api: ApiClient) => Promise<T>) {
  const transport = context.get(appContext).api;
  const headers = new Headers();
  const api = createApiClient(async (request) => {
    const response = await transport(request);
    for (const cookie of response.setCookies) headers.append("set-cookie", cookie);
    return response;
  });
  let outcome: ActionOutcome<T>;
  try {
    outcome = { ok: true, value: await run(api) };
  } catch (error) {
    if (!(error instanceof ApiClientError)) throw error;
    outcome = { ok: false, status: error.status, message: apiErrorText(error), fields: error.apiError?.fields };
  }
  return data(outcome, { headers });
}

type PostedIntent<I extends string> = {
  intent: I;
  /** A posted text field; a missing or non-text one refuses the post (400). */
  text(name: string): string;
  /** A posted true/false field; anything else refuses the post (400). */
  flag(name: string): boolean;
  /** A posted field as it came, for the API to validate. */
  value(name: string): unknown;
  /**
   * A posted file (a form's file input, sent as multipart/form-data); a missing field or one that is not
   * a file refuses the post (400). An input left empty gives an empty file, for the API to refuse in its words.
   */
  file(name: string): File;
};

/**
 * The `{ intent, ...fields }` a fetcher posted as JSON (useRouteAction), or a form with a file posted as
 * multipart/form-data (its `intent` a field of the form), for one of this route's intents. Anything else
 * (another body, another intent) is refused plainly with 400 and changes nothing. The server lets a
 * multipart post larger than the page limit through only to the routes that take a file
 * (apps/server/src/lib/body-limits.ts).
 */
export async function readIntent<I extends string>(request: Request, intents: readonly I[]): Promise<PostedIntent<I>> {
  const refuse = () => data("This change could not be read.", { status: 400 });
  const fields = await postedFields(request).catch(() => {
    throw refuse();
  });
  if (!fields) throw refuse();
  const intent = fields.get("intent");
  if (typeof intent !== "string" || !(intents as readonly string[]).includes(intent)) throw refuse();
  return {
    intent: intent as I,
    text(name) {
      const value = fields.get(name);
      if (typeof value !== "string") throw refuse();
      return value;
    },
    flag(name) {
      const value = fields.get(name);
      if (typeof value !== "boolean") throw refuse();
      return value;
    },
    value: (name) => fields.get(name),
    file(name) {
      const value = fields.get(name);
      if (!(value instanceof File)) throw refuse();
      return value;
    },
  };
}

/** The fields of a JSON object or a multipart form by name; null for any other body. */
async function postedFields(request: Request): Promise<{ get(name: string): unknown } | null> {
  const type = request.headers.get("content-type") ?? "";
  if (/^multipart\/form-data\s*;/i.test(type)) {
    const form = await request.formData();
    return { get: (name) => form.get(name) ?? undefined };
  }
  const body: unknown = await request.json();
  if (typeof body !== "object" || body === null || Array.isArray(body)) return null;
  const object = body as Record<string, unknown>;
  return { get: (name) => object[name] };
}
