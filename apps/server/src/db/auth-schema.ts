import { sql } from "drizzle-orm";
import { type AccountRole, accountRoles } from "@bureau/domain/staff-permissions";
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  jsonb,
  primaryKey,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/**
 * Accounts, sessions and profile photos. The first four tables are the ones better-auth reads and
 * writes through its Drizzle adapter (plugins/auth.ts maps them by its model names: user, session,
 * account, verification); the columns it expects keep its field names as the JS keys.
 */

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/** Customers are "user"; staff have one of the roles of the permission matrix (decision 035). */
export const userRoles = accountRoles;
export type UserRole = AccountRole;

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    /** Display name; empty until the person sets one (the avatar then shows initials of the e-mail). */
    name: text("name").notNull().default(""),
    email: text("email").notNull(),
    emailVerified: boolean("email_verified").notNull().default(false),
    /** URL of the profile photo, always one we serve ourselves (/api/account/photo/:id?v=...). */
    image: text("image"),
    /** Ours, not the library's: never settable from a request body (input: false in plugins/auth.ts). */
    role: text("role", { enum: userRoles }).notNull().default("user"),
    /** The profile's phone number (customer-details.ts's rule); the order form starts from it. Ours, set only through /api/account/phone. */
    phone: text("phone"),
    /**
     * The address was verified by the old verification link (a GET without a session) and must be
     * confirmed again; such an account is not an abandoned sign-up and is never removed as one (decision 030).
     */
    legacyLinkVerified: boolean("legacy_link_verified").notNull().default(false),
    /** Set by "Disable" on the Users page: no sign-in, no session; the account and its history stay. */
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    // Millisecond precision, like a JS Date: the keyset cursor of the user list round-trips exactly.
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email),
    check("users_role_check", sql`${t.role} in ('user', 'cashier', 'manager', 'mlro', 'admin')`),
    // Keyset pagination of the staff user list: oldest first, id as tie-breaker.
    index("users_created_idx").on(t.createdAt, t.id),
    // The unconfirmed sign-ups the hourly job removes after 7 days (decision 030).
    index("users_unverified_created_idx").on(t.createdAt).where(sql`${t.emailVerified} = false`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    /** Set when this session passed the Secure Box; staff routes need it (and the admin role). */
    staffVerifiedAt: timestamp("staff_verified_at", { withTimezone: true }),
    /**
     * The last staff activity of this session (touched at most once a minute): past STAFF_IDLE_MINUTES
     * without any, the Secure Box pass ends (plugins/session.ts).
     */
    staffActiveAt: timestamp("staff_active_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex("sessions_token_key").on(t.token), index("sessions_user_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    /** The provider's subject (for e-mail + password: the user id). */
    accountId: text("account_id").notNull(),
    /** "credential" for e-mail + password, else the OAuth provider id ("google", "oidc"). */
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    /** Password hash (scrypt) for the credential account; never the password itself. */
    password: text("password"),
    ...timestamps,
  },
  (t) => [
    index("accounts_user_idx").on(t.userId),
    uniqueIndex("accounts_provider_account_key").on(t.providerId, t.accountId),
  ],
);

/** Short-lived values of the sign-in flows (OAuth state, PKCE verifier). */
export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

/** PostgreSQL bytea; node-postgres gives a Buffer, PGlite a Uint8Array: both become a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  toDriver: (value) => value,
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const photoContentTypes = ["image/png", "image/jpeg", "image/webp"] as const;
export type PhotoContentType = (typeof photoContentTypes)[number];

/**
 * Profile photos, kept in the database so that they are served from our own origin, backed up with
 * everything else, and identical on every server instance. At most 1 MB each.
 */
export const userPhotos = pgTable(
  "user_photos",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Detected from the file's own bytes, never taken from the upload's header. */
    contentType: text("content_type", { enum: photoContentTypes }).notNull(),
    bytes: bytea("bytes").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // The 1 MB limit is checked by the upload route; the database refuses anything larger too.
  (t) => [check("user_photos_size_check", sql`octet_length(${t.bytes}) <= 1048576`)],
);

/**
 * A staff member's authenticator (TOTP, RFC 6238), asked for at the Secure Box once confirmed
 * (docs/decisions/011). The shared secret is stored encrypted with a key derived from AUTH_SECRET;
 * recovery codes only as SHA-256 hashes. `lastUsedStep` refuses a code seen before (replay).
 */
export const staffSecondFactors = pgTable("staff_second_factors", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secretCiphertext: text("secret_ciphertext").notNull(),
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  recoveryCodeHashes: jsonb("recovery_code_hashes").$type<string[]>().notNull().default([]),
  lastUsedStep: bigint("last_used_step", { mode: "number" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The link that lets a new staff member (or one whose authenticator an admin reset) set up their
 * authenticator, e-mailed to their verified address (modules/users/second-factor-enrolment-link.ts).
 * Only the token's SHA-256 is kept; one live link per person, used up when the authenticator is confirmed.
 */
export const secondFactorEnrolmentLinks = pgTable("second_factor_enrolment_links", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  tokenHash: text("token_hash").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  /** Who asked for it: the admin's e-mail, or "system" for the bootstrap admin at start. */
  issuedBy: text("issued_by").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The branches a cashier, manager or MLRO works at (an admin works at all of them, with no rows here). */
export const staffBranches = pgTable(
  "staff_branches",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    branchKey: text("branch_key").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.branchKey], name: "staff_branches_pkey" })],
);
