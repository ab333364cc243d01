/**
 * Log lines must not carry personal data: e-mail addresses are replaced wherever they appear (messages,
 * fields, error texts such as PostgreSQL's "Key (email)=(...) already exists"), and request addresses
 * are logged without their query string (see requestPath).
 */
const emailAddress = /[^\s@"'<>(),;:=&?/]+@[^\s@"'<>(),;:=&?/]+\.[A-Za-z]{2,}/g;
export const EMAIL_PLACEHOLDER = "[e-mail]";

export function withoutEmailAddresses(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return value.replace(emailAddress, EMAIL_PLACEHOLDER);
  if (value === null || typeof value !== "object" || depth > 6) return value;
  if (value instanceof Error) {
    const { code } = value as { code?: unknown };
    return {
      type: value.name,
      message: withoutEmailAddresses(value.message),
      stack: withoutEmailAddresses(value.stack),
      ...(code !== undefined ? { code } : {}),
      ...(value.cause !== undefined ? { cause: withoutEmailAddresses(value.cause, depth + 1) } : {}),
    };
  }
  if (Array.isArray(value)) return value.map((item) => withoutEmailAddresses(item, depth + 1));
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withoutEmailAddresses(item, depth + 1)]));
}

/** A request's path without its query string (which may carry e-mail addresses, names, order numbers). */
export function requestPath(url: string): string {
  const end = url.indexOf("?");
  return end === -1 ? url : url.slice(0, end);
}
