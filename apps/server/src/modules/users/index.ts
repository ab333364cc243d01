export { type AccountLinks, createAccountLinks } from "./account-links.ts";
export {
  queueAccountClosureEmail,
  queueExistingAccountEmail,
  queuePasswordResetEmail,
  queueVerificationEmail,
  RESET_PASSWORD_PAGE,
} from "./account-mail.ts";
export { closeAccount } from "./close-account.ts";
export { confirmEmailAddress, VERIFY_OTHER_ACCOUNT_MESSAGE } from "./confirm-email-address.ts";
export { deleteUnclaimedAccount, NOT_ME_ALREADY_CONFIRMED_MESSAGE } from "./delete-unclaimed-account.ts";
export { BootstrapAdminRefused, ensureBootstrapAdmin } from "./ensure-bootstrap-admin.ts";
export { hasSecondFactor } from "./has-second-factor.ts";
export { listUsers } from "./list-users.ts";
export { makeAdmin } from "./make-admin.ts";
export { newPasswordProblem, personalWordsOf, rankedPasswordCount } from "./password-policy.ts";
export { readProfilePhoto, saveProfilePhoto } from "./profile-photo.ts";
export { removeUnverifiedAccounts } from "./remove-unverified-accounts.ts";
export { resetSecondFactor } from "./reset-second-factor.ts";
export { issueEnrolmentLink } from "./second-factor-enrolment-link.ts";
export { requireAuthenticator, verifySecureBox } from "./secure-box.ts";
export {
  checkSecondFactorCode,
  confirmSecondFactor,
  ENROLMENT_LINK_NEEDED_MESSAGE,
  enrolWithKnownSecret,
  startSecondFactorEnrolment,
} from "./staff-second-factor.ts";
export {
  type ActingStaff,
  branchesOfStaff,
  seedMlroRoles,
  setStaffRole,
  setUserDisabled,
} from "./staff-roles.ts";
export { staffBranchesOf } from "./staff-branches.ts";
export { readAccountPhone, saveAccountPhone } from "./account-phone.ts";
export { updateDisplayName } from "./update-profile.ts";
