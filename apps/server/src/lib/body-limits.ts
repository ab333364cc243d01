/**
 * Largest request body the server reads, for the API (JSON) and for page form posts alike. Every
 * form and request of the product fits in a few kilobytes; the profile photo upload has its own,
 * larger limit (routes/auth/account-routes.ts).
 */
export const REQUEST_BODY_LIMIT_BYTES = 64 * 1024;
