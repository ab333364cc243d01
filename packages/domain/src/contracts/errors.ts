import { z } from "zod";

/** Every error the API returns has this shape; `code` is stable, `message` is for people. */
export const errorCodes = [
  "validation_failed",
  "bad_request",
  "unauthenticated",
  "forbidden",
  "not_found",
  "conflict",
  "rate_limited",
  "payload_too_large",
  "headers_too_large",
  "request_timeout",
  "unsupported_media_type",
  "quote_invalid",
  "link_expired",
  "service_unavailable",
  "internal",
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const errorStatus: Record<ErrorCode, number> = {
  validation_failed: 400,
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  payload_too_large: 413,
  headers_too_large: 431,
  request_timeout: 408,
  unsupported_media_type: 415,
  quote_invalid: 422,
  link_expired: 410,
  service_unavailable: 503,
  internal: 500,
};

export const apiErrorSchema = z.object({
  error: z.object({
    code: z.enum(errorCodes),
    message: z.string(),
    /** Field name → message, for forms. */
    fields: z.record(z.string(), z.string()).optional(),
    requestId: z.string().optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
