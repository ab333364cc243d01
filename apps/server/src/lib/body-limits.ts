import { PHOTO_MAX_BYTES, PHOTO_TOO_LARGE_MESSAGE } from "@bureau/domain/account-rules";
import { SANCTIONS_LIST_MAX_BYTES, SANCTIONS_LIST_TOO_LARGE_MESSAGE } from "@bureau/domain/uk-sanctions-list";

/**
 * Largest request body the server reads, for the API (JSON) and for page form posts alike. Every
 * form and request of the product fits in a few kilobytes; the two file uploads have their own,
 * larger limits: the API's on its routes (routes/auth/account-routes.ts, routes/admin/
 * sanctions-admin-routes.ts), the pages' below.
 */
export const REQUEST_BODY_LIMIT_BYTES = 64 * 1024;

/**
 * The pages whose route action takes a file (decision 016), by path as React Router matches it
 * (any letter case, its fetcher posts ending in ".data"): a multipart form post to them may carry the
 * file up to the API's own limit for it, plus the ordinary page limit for the form's other fields and
 * the multipart framing. A file a little over the API's limit still reaches the API, which refuses it
 * in its own words; the page limit only stops a post far over it before it is read.
 */
const PAGE_FILE_UPLOADS: ReadonlyArray<{ path: string; fileLimitBytes: number; tooLarge: string }> = [
  { path: "/account/profile", fileLimitBytes: PHOTO_MAX_BYTES, tooLarge: PHOTO_TOO_LARGE_MESSAGE },
  {
    path: "/dashboard/compliance",
    fileLimitBytes: SANCTIONS_LIST_MAX_BYTES,
    tooLarge: SANCTIONS_LIST_TOO_LARGE_MESSAGE,
  },
];

export type PagePostLimit = { bytes: number; tooLarge: string };

const ordinaryPagePost: PagePostLimit = {
  bytes: REQUEST_BODY_LIMIT_BYTES,
  tooLarge: `This form is too large to send (at most ${REQUEST_BODY_LIMIT_BYTES / 1024} KB).`,
};

/**
 * The most a page post to `url` may carry, and what to say to one over it: the page limit, except for a
 * multipart form post to one of the pages that take a file. Any other body (JSON, a plain form) to those
 * pages keeps the page limit, as every post to any other page does.
 */
export function pagePostLimit(url: string, contentType: string | undefined): PagePostLimit {
  if (!/^multipart\/form-data\s*;/i.test(contentType ?? "")) return ordinaryPagePost;
  const pathname = (url.split("?", 1)[0] ?? "")
    .toLowerCase()
    .replace(/\.data$/, "")
    .replace(/\/+$/, "");
  const upload = PAGE_FILE_UPLOADS.find((page) => page.path === pathname);
  if (!upload) return ordinaryPagePost;
  return { bytes: upload.fileLimitBytes + REQUEST_BODY_LIMIT_BYTES, tooLarge: upload.tooLarge };
}

/**
 * The API routes that take a file, with the most their body may carry (the routes' own limits:
 * routes/auth/account-routes.ts, routes/admin/sanctions-admin-routes.ts).
 */
const API_FILE_UPLOADS: ReadonlyArray<{ method: string; path: string; bytes: number }> = [
  { method: "PUT", path: "/api/account/photo", bytes: PHOTO_MAX_BYTES + 1 },
  { method: "POST", path: "/api/admin/sanctions-lists", bytes: SANCTIONS_LIST_MAX_BYTES },
];

/**
 * The most any request to `url` could be allowed to carry, known from its request line and headers
 * alone, before routing: what a client asking `Expect: 100-continue` is answered with (lib/expect-continue.ts).
 * An upper bound: the route still applies its own, exact limit while it reads the body.
 */
export function declaredBodyLimit(method: string, url: string, contentType: string | undefined): PagePostLimit {
  const pathname = (url.split("?", 1)[0] ?? "").replace(/\/+$/, "");
  if (!pathname.startsWith("/api/")) return pagePostLimit(url, contentType);
  const upload = API_FILE_UPLOADS.find((route) => route.method === method && route.path === pathname);
  const bytes = upload?.bytes ?? REQUEST_BODY_LIMIT_BYTES;
  return { bytes, tooLarge: `The request is too large (at most ${Math.floor(bytes / 1024)} KB).` };
}
