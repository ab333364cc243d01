import { randomBytes } from "node:crypto";
import type { AuthContext } from "better-auth";
import { and, eq } from "drizzle-orm";
import type { Config } from "../../config.ts";
import { accounts, users } from "../../db/auth-schema.ts";
import type { Db } from "../../db/client.ts";
import { writeAudit } from "../audit/index.ts";
import { hasSecondFactor } from "./has-second-factor.ts";
import { ENROLMENT_LINK_TTL_HOURS, issueEnrolmentLink } from "./second-factor-enrolment-link.ts";
import { enrolWithKnownSecret } from "./staff-second-factor.ts";

/**
 * The account created on a first start without BOOTSTRAP_ADMIN_EMAIL. PRODUCT.md §3 names
 * "admin@localhost", but an address without a dot in its domain is refused by the sign-in's e-mail
 * check, so the conventional full name of the local host is used (docs/decisions/005).
 */
export const DEFAULT_ADMIN_EMAIL = "admin@localhost.localdomain";

/**
 * The start refuses to make an admin of an existing account whose e-mail is not verified: whoever signed
 * up first with that address (perhaps not its owner) would get the staff rights. main.ts prints the
 * message and exits non-zero.
 */
export class BootstrapAdminRefused extends Error {
  constructor(email: string) {
    super(
      `Staff admin account: ${email} already exists but its e-mail address is not verified, so it was not made an admin. ` +
        "Open the link of its verification e-mail (or ask for a new one on its profile page) and start again, " +
        "or choose another BOOTSTRAP_ADMIN_EMAIL.",
    );
    this.name = "BootstrapAdminRefused";
  }
}

/** What this operation needs of the better-auth instance (app.auth): its password hasher and adapter. */
type AuthWithContext = {
  $context: Promise<{
    password: Pick<AuthContext["password"], "hash">;
    internalAdapter: Pick<AuthContext["internalAdapter"], "createUser" | "linkAccount" | "updatePassword">;
  }>;
};

type Options = {
  auth: AuthWithContext;
  db: Db;
  config: Pick<Config, "bootstrapAdmin"> &
    Partial<Pick<Config, "bootstrapAdminTotpSecret" | "authSecret" | "publicUrl">>;
};

/**
 * PRODUCT.md §3, run at every start:
 * - BOOTSTRAP_ADMIN_EMAIL/PASSWORD set: that account exists and is an admin. A missing account is
 *   created with that password; an existing one is promoted and keeps its own password (the person
 *   may have changed it), unless it has no password at all (signed up with Google), when one is added.
 *   An existing account whose e-mail is unverified is refused (BootstrapAdminRefused), nothing changed.
 * - unset: when no admin exists at all, DEFAULT_ADMIN_EMAIL is created (or recovered) as an admin with
 *   a random password, returned here to be printed once.
 * Returns the lines to print at start, and apart from them the generated password (never logged).
 */
export async function ensureBootstrapAdmin(options: Options): Promise<{ notices: string[]; credentials: string[] }> {
  const result = await ensureBootstrapAdminAccount(options);
  const { db, config } = options;
  if (config.bootstrapAdminTotpSecret && config.authSecret) {
    // BOOTSTRAP_ADMIN_TOTP_SECRET: the bootstrap admin's authenticator, in force from this start.
    const email = (config.bootstrapAdmin?.email ?? DEFAULT_ADMIN_EMAIL).trim().toLowerCase();
    const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    if (admin) {
      const outcome = await enrolWithKnownSecret({
        db,
        authSecret: config.authSecret,
        userId: admin.id,
        secretBase32: config.bootstrapAdminTotpSecret,
      });
      if (outcome === "enrolled") {
        result.notices.push(`Staff admin account ${email}: authenticator set up from BOOTSTRAP_ADMIN_TOTP_SECRET`);
      }
    }
  } else if (config.publicUrl) {
    // Enrolment needs a link (decision 032): the bootstrap admin, while without an authenticator, gets a
    // fresh one at each start, printed with the credentials (and e-mailed to the address).
    const email = (config.bootstrapAdmin?.email ?? DEFAULT_ADMIN_EMAIL).trim().toLowerCase();
    const [admin] = await db
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(eq(users.email, email))
      .limit(1);
    if (admin?.role === "admin" && !(await hasSecondFactor(db, admin.id))) {
      const url = await issueEnrolmentLink({
        db,
        userId: admin.id,
        email,
        issuedBy: "system",
        publicUrl: config.publicUrl,
      });
      result.credentials.push(
        `Set up the authenticator of ${email} (signed in as it) at ${url} (works for ${ENROLMENT_LINK_TTL_HOURS} hours)`,
      );
    }
  }
  return result;
}

async function ensureBootstrapAdminAccount({
  auth,
  db,
  config,
}: Options): Promise<{ notices: string[]; credentials: string[] }> {
  if (config.bootstrapAdmin) {
    const email = config.bootstrapAdmin.email.trim().toLowerCase();
    const outcome = await ensureAdminAccount({
      auth,
      db,
      email,
      password: config.bootstrapAdmin.password,
      resetPassword: false,
    });
    if (outcome === "unchanged") return { notices: [], credentials: [] };
    return {
      credentials: [],
      notices: [
        outcome === "created"
          ? `Staff admin account created: ${email} (password from BOOTSTRAP_ADMIN_PASSWORD)`
          : outcome === "promoted"
            ? `Staff admin account: ${email} is now an admin (its existing password is kept)`
            : `Staff admin account: ${email} can now sign in with BOOTSTRAP_ADMIN_PASSWORD`,
      ],
    };
  }
  const [anyAdmin] = await db.select({ id: users.id }).from(users).where(eq(users.role, "admin")).limit(1);
  if (anyAdmin) return { notices: [], credentials: [] };
  const password = randomBytes(12).toString("base64url");
  await ensureAdminAccount({ auth, db, email: DEFAULT_ADMIN_EMAIL, password, resetPassword: true });
  return {
    notices: [
      `Staff admin account ${DEFAULT_ADMIN_EMAIL} created with a generated password (set BOOTSTRAP_ADMIN_EMAIL and BOOTSTRAP_ADMIN_PASSWORD to choose your own)`,
    ],
    credentials: [`Staff admin account: ${DEFAULT_ADMIN_EMAIL}  password: ${password}`],
  };
}

async function ensureAdminAccount(options: {
  auth: AuthWithContext;
  db: Db;
  email: string;
  password: string;
  resetPassword: boolean;
}): Promise<"created" | "promoted" | "password-added" | "unchanged"> {
  const { auth, db, email, password } = options;
  const context = await auth.$context;
  const passwordHash = await context.password.hash(password);
  let [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (user && user.role !== "admin" && !user.emailVerified) throw new BootstrapAdminRefused(email);
  let created = false;
  if (!user) {
    try {
      const made = await context.internalAdapter.createUser(
        { email, name: "Administrator", emailVerified: true },
        { method: "admin" },
      );
      created = true;
      [user] = await db.select().from(users).where(eq(users.id, made.id)).limit(1);
    } catch (error) {
      // Another instance starting at the same moment created it first: carry on with theirs.
      [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      if (!user) throw error;
    }
  }
  if (!user) throw new Error(`Could not create the admin account ${email}`);

  const [credential] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, "credential")))
    .limit(1);
  if (!credential) {
    await context.internalAdapter.linkAccount({
      userId: user.id,
      providerId: "credential",
      accountId: user.id,
      password: passwordHash,
    });
  } else if (options.resetPassword) {
    await context.internalAdapter.updatePassword(user.id, passwordHash);
  }

  const promoted = user.role !== "admin";
  if (promoted) {
    const target = user;
    await db.transaction(async (tx) => {
      await tx.update(users).set({ role: "admin", updatedAt: new Date() }).where(eq(users.id, target.id));
      await writeAudit(tx, {
        actorId: null,
        actorEmail: null,
        action: created ? "user.bootstrap_admin_created" : "user.bootstrap_admin_promoted",
        entityType: "user",
        entityId: target.id,
        before: created ? null : { email: target.email, role: target.role },
        after: { email: target.email, role: "admin" },
      });
    });
  }
  if (created) return "created";
  if (promoted) return "promoted";
  return credential ? "unchanged" : "password-added";
}
