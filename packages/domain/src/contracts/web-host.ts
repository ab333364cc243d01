import type { ZoneOffsets } from "../dates.ts";
import type { OrderExpiry } from "../order-lifecycle.ts";
import type { OrderLimits } from "../order-limits.ts";
import type { RetentionRules } from "../retention.ts";
/**
 * The seam between the server that hosts the web app and the web app's server-side code (types
 * only, nothing runs here): what the server hands every page loader and action, and the one shape of
 * an in-process API call, used by the server's inject transport and the web app's API client alike.
 */

/**
 * A request body sent as it is rather than as JSON: an uploaded file (the profile photo, the UK
 * Sanctions List) with the media type to declare for it. A Blob, so a route action hands on the File
 * it read from the form without copying it.
 */
export type RawRequestBody = { contentType: string; data: Blob };

/**
 * One API call. Its body, if any, is either `body` (sent as JSON) or `rawBody` (sent as its bytes),
 * never both.
 */
export type ApiRequest = { method: string; path: string; headers?: Record<string, string> } & (
  | { body?: unknown; rawBody?: undefined }
  | { body?: undefined; rawBody: RawRequestBody }
);
export type ApiResponse = { status: number; body: unknown; setCookies: string[] };
export type ApiTransport = (request: ApiRequest) => Promise<ApiResponse>;

/** Settings the server shares with the page (never secrets). */
export type PublicConfig = {
  /** The site's public origin (links in the sitemap, e-mails). */
  publicUrl: string;
  moneyTransferUrl: string;
  worfxUrl: string;
  appStoreUrl: string | null;
  playStoreUrl: string | null;
  googleEnabled: boolean;
  oidcEnabled: boolean;
  /** Click & Collect limits, for the widget's and the add form's messages (the server checks them). */
  orderLimits: OrderLimits;
  /** When unclaimed orders expire, for the terms (the expiry job applies it). */
  orderExpiry: OrderExpiry;
  /** How long personal data is kept, for the privacy notice (the retention job applies it). */
  retention: RetentionRules;
  /**
   * The zone whose calendar days and times pages show (DISPLAY_TIME_ZONE): its canonical name and its offsets
   * from UTC around today, so that the browser writes dates without loading Intl's zone data (decision 040).
   */
  displayZone: ZoneOffsets;
  /** The buy-back guarantee offered at Click & Collect checkout (BUYBACK_GUARANTEE_GBP, BUYBACK_GUARANTEE_DAYS). */
  buybackGuarantee?: { feeGbpMinor: number; days: number } | undefined;
};

/** What the hosting server gives every server-side loader and action of one request. */
export type AppLoadContext = {
  /** The CSP nonce of this response, for React Router's inline scripts. */
  nonce: string;
  requestId: string;
  /** The API in-process, as the visitor of this request (their cookie and address). */
  api: ApiTransport;
  publicConfig: PublicConfig;
};
