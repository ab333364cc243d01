import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary as commonDictionary } from "@zxcvbn-ts/language-common";
import { dictionary as englishDictionary, translations } from "@zxcvbn-ts/language-en";
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_COMMON_MESSAGE,
  PASSWORD_TOO_SHORT_MESSAGE,
} from "@bureau/domain/account-rules";

/**
 * Words of our own that attackers try first against this site: its name, trade and branches. The
 * estimator treats a password built on them as built on a dictionary word.
 */
export const PRODUCT_WORDS = [
  "harbour",
  "harbourfx",
  "harbour fx",
  "bureau",
  "bureau de change",
  "travel money",
  "travelmoney",
  "exchange",
  "currency",
  "worthing",
  "brighton",
  "chichester",
  "london",
];

/**
 * zxcvbn's score (0–4) a new password must reach: 3 means about 10^8 guesses or more, out of reach of
 * online guessing and costly offline against our slow hash. Below it are the breached lists' passwords,
 * dictionary words with digits, repeats ("aaaaaaaaaaaa"), keyboard walks and dates.
 */
export const MIN_PASSWORD_SCORE = 3;

/**
 * The strength estimator, zxcvbn-ts with its common (breached-password lists, names, keyboard graphs)
 * and English dictionaries: built once, at first use, as building it indexes every dictionary.
 */
let estimator: ZxcvbnFactory | undefined;
function passwordEstimator(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...commonDictionary, ...englishDictionary, userInputs: PRODUCT_WORDS },
    graphs: adjacencyGraphs,
    translations,
  });
  return estimator;
}

/** How many passwords of breach corpora the estimator's dictionaries rank (the common list among them). */
export function rankedPasswordCount(): number {
  return commonDictionary["passwords-common"].length;
}

/**
 * Why a new password is refused, or undefined when it is acceptable. `personalWords` are the account's
 * own (its e-mail address and its parts), which make a password easy to guess for whoever knows them.
 */
export function newPasswordProblem(password: string, personalWords: readonly string[] = []): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT_MESSAGE;
  if (password.length > PASSWORD_MAX_LENGTH)
    return `The password is too long: use at most ${PASSWORD_MAX_LENGTH} characters.`;
  const { score } = passwordEstimator().check(password, personalWords.filter(Boolean));
  if (score < MIN_PASSWORD_SCORE) return PASSWORD_TOO_COMMON_MESSAGE;
  return undefined;
}

/** An e-mail address as words a password might be built on: the whole address, its name part and its pieces. */
export function personalWordsOf(email: unknown): string[] {
  if (typeof email !== "string" || !email.includes("@")) return [];
  const [local = "", domain = ""] = email.toLowerCase().split("@");
  return [email.toLowerCase(), local, ...local.split(/[._+-]+/), domain.split(".")[0] ?? ""].filter(
    (word) => word.length >= 3,
  );
}
