import { z } from "zod";
import { DISPLAY_NAME_MAX } from "../account-rules.ts";
import { customerDetailsMessages, isValidPhone } from "../customer-details.ts";
import { type AccountRole, accountRoles } from "../staff-permissions.ts";

/**
 * Roles are ours (PRODUCT.md §2.6): every account starts as "user"; staff are cashier, manager, MLRO
 * or admin, as the permission matrix has them (staff-permissions.ts, decision 035).
 */
export const roles = accountRoles;
export type Role = AccountRole;

/** The signed-in person as the web app sees them (GET /api/session answers this or null). */
export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  /** Display name; empty until the person sets one. */
  name: z.string(),
  /** Our own URL of the profile photo, or null (the avatar then shows initials). */
  image: z.string().nullable(),
  role: z.enum(roles),
  /** The branches this member of staff works at (every branch for an admin; none for a customer). */
  branches: z.array(z.string()),
  /** The person has confirmed the e-mail address (profile offers a new link until then). */
  emailVerified: z.boolean(),
  /** This session passed the Secure Box (and the verification is still valid). */
  staffVerified: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const sessionResponseSchema = sessionUserSchema.nullable();

/** The "Continue with …" buttons the sign-in and sign-up screens offer. */
export const signInProviderSchema = z.object({
  /** better-auth provider id: "google" or "oidc". */
  id: z.string(),
  /** Shown as "Continue with {name}". */
  name: z.string(),
  configured: z.boolean(),
});
export const signInProvidersSchema = z.object({ providers: z.array(signInProviderSchema) });
export type SignInProvider = z.infer<typeof signInProviderSchema>;

export const secureBoxRequestSchema = z.object({
  username: z.string().max(200),
  password: z.string().max(200),
  /** The authenticator's current code (or a recovery code): without it the box stays shut. */
  code: z.string().max(40).optional(),
});
export type SecureBoxRequest = z.infer<typeof secureBoxRequestSchema>;
export const secureBoxResponseSchema = z.object({ staffVerified: z.literal(true) });

/** Staff second factor (TOTP): whether it is set up, its enrolment, its confirmation. */
export const secondFactorStatusSchema = z.object({ enrolled: z.boolean() });
export const secondFactorEnrolmentSchema = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
  qrCodeSvg: z.string(),
});
/** The token of the set-up link e-mailed to a staff member (decision 032); enrolment needs it. */
const enrolmentToken = z.string().max(200).optional();
export const secondFactorEnrolmentRequestSchema = z.object({ enrolmentToken });
export const secondFactorConfirmRequestSchema = z.object({
  code: z
    .string({ error: "Enter the code from your authenticator app" })
    .trim()
    .regex(/^\d{6}$/, "Enter the 6 digits your app shows"),
  enrolmentToken,
});
export const secondFactorConfirmResponseSchema = z.object({ recoveryCodes: z.array(z.string()) });

/** Only the display name can be changed here; anything else in the body (a forged role...) is dropped. */
export const profileUpdateSchema = z.object({
  name: z
    .string({ error: "Enter a display name" })
    .trim()
    .max(DISPLAY_NAME_MAX, `The display name can be at most ${DISPLAY_NAME_MAX} characters`),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** The profile's phone number: the order form's rule (customer-details.ts); an empty one clears it. */
export const accountPhoneRequestSchema = z.object({
  phone: z
    .string({ error: customerDetailsMessages.invalidPhone })
    .trim()
    .refine((phone) => phone === "" || isValidPhone(phone), customerDetailsMessages.invalidPhone),
});
export type AccountPhoneRequest = z.input<typeof accountPhoneRequestSchema>;

export const accountPhoneSchema = z.object({ phone: z.string().nullable() });
export type AccountPhone = z.infer<typeof accountPhoneSchema>;

/**
 * "Change password" (better-auth's /change-password): the current password and the new one. Every other
 * session of the account ends (the server insists, whatever the body says).
 */
export const changePasswordRequestSchema = z.object({
  currentPassword: z.string(),
  newPassword: z.string(),
  revokeOtherSessions: z.literal(true),
});

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(roles),
  /** The branches this member of staff works at (every branch for an admin; none for a customer). */
  branches: z.array(z.string()),
  /** The person opened the link of the verification e-mail (or a provider vouched for the address). */
  emailVerified: z.boolean(),
  /** "Disable" was used: the account cannot sign in until it is enabled again. */
  disabled: z.boolean(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const USERS_PAGE_SIZE = 50;
export const adminUserListQuerySchema = z.object({
  /** Opaque keyset cursor from the previous page's nextCursor. */
  after: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(USERS_PAGE_SIZE),
});
export const adminUserListSchema = z.object({
  users: z.array(adminUserSchema),
  /** Cursor of the next page, or null on the last page. */
  nextCursor: z.string().nullable(),
});
export type AdminUserList = z.infer<typeof adminUserListSchema>;

/** The role select and branch boxes of one row of the Users page ("Demote" sends role "user"). */
export const staffRoleRequestSchema = z.object({
  role: z.enum(roles, { error: "Choose a role" }),
  branches: z.array(z.string().max(40)).max(50).default([]),
});
export type StaffRoleRequest = z.infer<typeof staffRoleRequestSchema>;
