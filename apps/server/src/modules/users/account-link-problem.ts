import { AppError } from "../../lib/app-error.ts";
import type { AccountLinkPurpose } from "./account-links.ts";

const expiredMessages: Record<AccountLinkPurpose, string> = {
  "verify-email":
    "This verification link has expired (links work for 24 hours). Ask for a new one on your profile page.",
  "not-me": "This link has expired. An account whose address is not confirmed is deleted 7 days after sign-up.",
  "close-account": "This link has expired (links work for 1 hour). Ask for a new one on your profile page.",
};

const invalidMessages: Record<AccountLinkPurpose, string> = {
  "verify-email":
    "This verification link is not valid. Check that you opened the whole link from the e-mail, or ask for a new one on your profile page.",
  "not-me": "This link is not valid. Check that you opened the whole link from the e-mail.",
  "close-account":
    "This link is not valid. Check that you opened the whole link from the e-mail, or ask for a new one on your profile page.",
};

/** Why an account e-mail's link did nothing: 410 with words for the person holding it. */
export function accountLinkProblem(purpose: AccountLinkPurpose, reason: "expired" | "invalid"): AppError {
  return new AppError("link_expired", reason === "expired" ? expiredMessages[purpose] : invalidMessages[purpose]);
}
