/**
 * Account rules shared by the browser and the server, without any validation library, so that the
 * browser bundle can use them (the zod contracts live in contracts/accounts.ts).
 */

/** New passwords (sign-up, reset, change): at least this long (NIST SP 800-63B, OWASP ASVS 2.1.1). */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_TOO_SHORT_MESSAGE = `The password is too weak: use at least ${PASSWORD_MIN_LENGTH} characters.`;
export const PASSWORD_TOO_COMMON_MESSAGE =
  "This password is too easy to guess: it is a known password, or built on common words, names, repeats or keyboard patterns. Choose another.";
/** The password rule, shown beside every new-password field before anything is typed. */
export const PASSWORD_RULE =
  "Use at least 12 characters. Passwords that are easy to guess are refused: known passwords, common words and names, our name, repeats such as aaaa, keyboard patterns such as qwerty.";
/** A password reset link that was used already, has expired or was never ours. */
export const RESET_LINK_INVALID_MESSAGE =
  "This password reset link has expired or has already been used. Ask for a new one below.";
/** The answer to "Forgot password?", the same whether an account has that e-mail or not. */
export const RESET_REQUESTED_MESSAGE =
  "If an account uses this e-mail address, we have sent it a link to choose a new password. The link works for 1 hour.";
/** A profile photo is at most 1 MB (PRODUCT issue: "PNG, JPEG or WebP up to 1 MB"). */
export const PHOTO_MAX_BYTES = 1024 * 1024;
export const PHOTO_CONTENT_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export const PHOTO_TOO_LARGE_MESSAGE = "The photo must be 1 MB or smaller.";
export const PHOTO_WRONG_TYPE_MESSAGE = "The photo must be a PNG, JPEG or WebP image.";
export const DISPLAY_NAME_MAX = 80;

/** Initials for an avatar without a photo: from the display name, else from the e-mail's name part. */
export function initialsOf(user: { name: string; email: string }): string {
  const words = user.name.trim().split(/\s+/).filter(Boolean);
  if (words.length >= 2) return `${words[0]![0]}${words[words.length - 1]![0]}`.toUpperCase();
  if (words.length === 1) return words[0]!.slice(0, 2).toUpperCase();
  const local = user.email.split("@")[0] ?? "";
  const parts = local.split(/[._-]+/).filter(Boolean);
  if (parts.length >= 2) return `${parts[0]![0]}${parts[1]![0]}`.toUpperCase();
  return (local.slice(0, 2) || "?").toUpperCase();
}

/**
 * The "Continue with …" popup: it ends on OAUTH_POPUP_COMPLETE_PATH (served by the server), whose
 * script announces the outcome on this BroadcastChannel with this message type.
 */
export const OAUTH_POPUP_COMPLETE_PATH = "/auth/popup-complete";
export const OAUTH_POPUP_CHANNEL = "harbour-fx-auth";
export const OAUTH_POPUP_MESSAGE_TYPE = "harbour-fx:oauth-complete";
export type OAuthPopupMessage = { type: typeof OAUTH_POPUP_MESSAGE_TYPE; ok: boolean; error: string | null };

/**
 * Where to go back to after signing in, the Secure Box or sign-up: only a path on this site.
 * Anything else ("//evil.example", "https://...", "/\\evil") becomes "/" so that a crafted link
 * cannot send a person elsewhere after they sign in.
 */
export function safeRedirectTarget(raw: unknown, fallback = "/"): string {
  if (typeof raw !== "string" || raw === "") return fallback;
  if (!raw.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\")) return fallback;
  // Control characters (a tab or newline inside "/\t/evil") can turn a path into another host.
  for (const character of raw) if (character.charCodeAt(0) < 0x20) return fallback;
  return raw;
}

/** What a disabled account (Users, "Disable") is told when it tries to sign in. */
export const ACCOUNT_DISABLED_MESSAGE = "This account is disabled. Please ask an administrator.";
