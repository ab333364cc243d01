import { dictionary } from "@zxcvbn-ts/language-common";
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_COMMON_MESSAGE,
  PASSWORD_TOO_SHORT_MESSAGE,
} from "@bureau/domain/account-rules";

/**
 * Passwords found in breaches, shipped with the product and checked offline: zxcvbn-ts's common-password
 * list (about 49,000 entries from public breach corpora), compared without regard to letter case.
 */
const breachedPasswords = new Set(dictionary["passwords-common"].map((password) => password.toLowerCase()));

export function breachedPasswordCount(): number {
  return breachedPasswords.size;
}

/** Why a new password is refused, or undefined when it is acceptable. */
export function newPasswordProblem(password: string): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT_MESSAGE;
  if (password.length > PASSWORD_MAX_LENGTH)
    return `The password is too long: use at most ${PASSWORD_MAX_LENGTH} characters.`;
  if (breachedPasswords.has(password.toLowerCase())) return PASSWORD_TOO_COMMON_MESSAGE;
  return undefined;
}
