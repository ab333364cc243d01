import { and, asc, count, eq, inArray, isNull, ne } from "drizzle-orm";
import type { AdminUser } from "@bureau/domain/contracts/accounts";
import {
  type AccountRole,
  CHOOSE_A_BRANCH,
  NOT_YOURSELF,
  refusalToAssign,
  refusalToManage,
  type StaffPlacement,
  worksAtBranches,
} from "@bureau/domain/staff-permissions";
import { sessions, staffBranches, users } from "../../db/auth-schema.ts";
import type { Db, Tx } from "../../db/client.ts";
import { branches as branchTable } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AuditActor } from "../../lib/audit-actor.ts";
import { writeAudit } from "../audit/index.ts";
import { hasSecondFactor } from "./has-second-factor.ts";
import { toAdminUser } from "./list-users.ts";
import { staffBranchesOf } from "./staff-branches.ts";
import { issueEnrolmentLink } from "./second-factor-enrolment-link.ts";

/**
 * Roles per branch (decision 035): who may give which role, Disable and Enable. Every change locks the
 * person's row, is checked against the permission matrix's rules (refusalToManage, refusalToAssign),
 * and is audited in the same transaction. There is always at least one enabled admin.
 */

/** The acting member of staff, as the session has them. */
export type ActingStaff = AuditActor & StaffPlacement;

/** The branches a member of staff works at: every branch for an admin or the MLRO, their own rows otherwise. */
export async function branchesOfStaff(db: Db | Tx, userId: string, role: AccountRole): Promise<string[]> {
  if (role === "user") return [];
  if (!worksAtBranches(role)) {
    const rows = await db.select({ key: branchTable.key }).from(branchTable).orderBy(asc(branchTable.displayOrder));
    return rows.map((row) => row.key);
  }
  const rows = await db
    .select({ key: staffBranches.branchKey })
    .from(staffBranches)
    .where(eq(staffBranches.userId, userId))
    .orderBy(asc(staffBranches.branchKey));
  return rows.map((row) => row.key);
}

/** A refusal of the matrix's rules as an answer: a missing branch is bad input, the rest is not the actor's to do. */
function refusalError(refusal: string): AppError {
  if (refusal === CHOOSE_A_BRANCH) return new AppError("bad_request", refusal);
  if (refusal === NOT_YOURSELF) return new AppError("conflict", refusal);
  return new AppError("forbidden", refusal);
}

async function lockTarget(tx: Db | Tx, actor: ActingStaff, userId: string) {
  const [target] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
  if (!target) throw new AppError("not_found", "There is no user with this id.");
  const targetBranches = (await staffBranchesOf(tx, [target.id])).get(target.id) ?? [];
  const refusal = refusalToManage(actor, { id: target.id, role: target.role, branches: targetBranches });
  if (refusal) throw refusalError(refusal);
  return { target, targetBranches };
}

/**
 * Every change of a role or of Disable starts by locking the admins' rows, in one order, before the
 * person's own row: two admins demoting each other at once then wait for one another instead of each
 * holding the row the other needs (a deadlock), and the second sees the first's change.
 */
async function lockAdmins(tx: Db | Tx) {
  await tx.select({ id: users.id }).from(users).where(eq(users.role, "admin")).orderBy(asc(users.id)).for("update");
}

/** Refuses a change that would leave no enabled admin (the admins' rows are locked by lockAdmins). */
async function keepOneAdmin(tx: Db | Tx, target: typeof users.$inferSelect) {
  if (target.role !== "admin" || target.disabledAt) return;
  const [others] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, "admin"), isNull(users.disabledAt), ne(users.id, target.id)));
  if ((others?.n ?? 0) === 0)
    throw new AppError("conflict", `${target.email} is the last admin: make someone else an admin first.`);
}

/** Gives a role and branches (the Users page's select and boxes; "Demote" gives "user"). */
export async function setStaffRole(options: {
  db: Db;
  userId: string;
  role: AccountRole;
  branches: string[];
  actor: ActingStaff;
  requestId: string;
  publicUrl: string;
}): Promise<AdminUser> {
  const wanted = worksAtBranches(options.role) ? [...new Set(options.branches)].sort() : [];
  return options.db.transaction(async (tx) => {
    await lockAdmins(tx);
    const { target, targetBranches } = await lockTarget(tx, options.actor, options.userId);
    const refusal = refusalToAssign(options.actor, options.role, wanted);
    if (refusal) throw refusalError(refusal);
    const known = await tx
      .select({ key: branchTable.key })
      .from(branchTable)
      .where(inArray(branchTable.key, wanted.length ? wanted : [""]));
    if (known.length !== wanted.length) throw new AppError("bad_request", "There is no such branch.");
    if (options.role !== "user" && !target.emailVerified) {
      throw new AppError(
        "conflict",
        `${target.email} has not verified its e-mail address yet, so it cannot be given a staff role. Ask the person to open the link in their verification e-mail.`,
      );
    }
    if (target.role === options.role && targetBranches.join() === wanted.join())
      throw new AppError("conflict", `${target.email} already has this role and these branches.`);
    if (options.role !== "admin") await keepOneAdmin(tx, target);
    const [updated] = await tx
      .update(users)
      .set({ role: options.role, updatedAt: new Date() })
      .where(eq(users.id, target.id))
      .returning();
    await tx.delete(staffBranches).where(eq(staffBranches.userId, target.id));
    if (wanted.length)
      await tx.insert(staffBranches).values(wanted.map((branchKey) => ({ userId: target.id, branchKey })));
    // Leaving the staff side ends any Secure Box pass at once (the session re-reads the role anyway).
    if (options.role === "user")
      await tx
        .update(sessions)
        .set({ staffVerifiedAt: null, staffActiveAt: null })
        .where(eq(sessions.userId, target.id));
    await writeAudit(tx, {
      actorId: options.actor.id,
      actorEmail: options.actor.email,
      action: options.role === "user" ? "user.demote" : "user.set_role",
      entityType: "user",
      entityId: target.id,
      before: { email: target.email, role: target.role, branches: targetBranches },
      after: { email: target.email, role: options.role, branches: wanted },
      requestId: options.requestId,
    });
    if (target.role === "user" && options.role !== "user" && !(await hasSecondFactor(tx, target.id))) {
      await issueEnrolmentLink({
        db: tx,
        userId: target.id,
        email: target.email,
        issuedBy: options.actor.email,
        publicUrl: options.publicUrl,
      });
    }
    return toAdminUser(updated!, wanted);
  });
}

/** Disable: no sign-in, every session ends; the account and everything it did stay. Enable undoes it. */
export async function setUserDisabled(options: {
  db: Db;
  userId: string;
  disabled: boolean;
  actor: ActingStaff;
  requestId: string;
}): Promise<AdminUser> {
  return options.db.transaction(async (tx) => {
    await lockAdmins(tx);
    const { target, targetBranches } = await lockTarget(tx, options.actor, options.userId);
    if (Boolean(target.disabledAt) === options.disabled)
      throw new AppError("conflict", `${target.email} is already ${options.disabled ? "disabled" : "enabled"}.`);
    if (options.disabled) await keepOneAdmin(tx, target);
    const [updated] = await tx
      .update(users)
      .set({ disabledAt: options.disabled ? new Date() : null, updatedAt: new Date() })
      .where(eq(users.id, target.id))
      .returning();
    if (options.disabled) await tx.delete(sessions).where(eq(sessions.userId, target.id));
    await writeAudit(tx, {
      actorId: options.actor.id,
      actorEmail: options.actor.email,
      action: options.disabled ? "user.disable" : "user.enable",
      entityType: "user",
      entityId: target.id,
      before: { email: target.email, disabled: Boolean(target.disabledAt) },
      after: { email: target.email, disabled: options.disabled },
      requestId: options.requestId,
    });
    return toAdminUser(updated!, targetBranches);
  });
}

/**
 * MLRO_EMAILS seeds the role at start: a customer account with a verified address named there becomes
 * the MLRO (audited as the system). After that the role is managed on the Users page like any other;
 * a member of staff who already has a role keeps it.
 */
export async function seedMlroRoles(db: Db, mlroEmails: readonly string[]): Promise<string[]> {
  if (mlroEmails.length === 0) return [];
  return db.transaction(async (tx) => {
    const seeded = await tx
      .update(users)
      .set({ role: "mlro", updatedAt: new Date() })
      .where(and(inArray(users.email, [...mlroEmails]), eq(users.role, "user"), eq(users.emailVerified, true)))
      .returning({ id: users.id, email: users.email });
    for (const person of seeded) {
      await writeAudit(tx, {
        actorId: null,
        actorEmail: "system",
        action: "user.set_role",
        entityType: "user",
        entityId: person.id,
        before: { email: person.email, role: "user", branches: [] },
        after: { email: person.email, role: "mlro", branches: [], seededBy: "MLRO_EMAILS" },
        requestId: null,
      });
    }
    return seeded.map((person) => person.email);
  });
}
