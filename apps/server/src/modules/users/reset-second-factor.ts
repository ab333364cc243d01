import { eq } from "drizzle-orm";
import type { AdminUser } from "@bureau/domain/contracts/accounts";
import { sessions, staffSecondFactors, users } from "../../db/auth-schema.ts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AuditActor } from "../../lib/audit-actor.ts";
import { writeAudit } from "../audit/index.ts";
import { refusalToManage, type StaffPlacement } from "@bureau/domain/staff-permissions";
import { toAdminUser } from "./list-users.ts";
import { staffBranchesOf } from "./staff-branches.ts";
import { issueEnrolmentLink } from "./second-factor-enrolment-link.ts";

/**
 * An admin resets another staff member's authenticator (decision 032): a lost phone, or one set up by
 * someone else. Their authenticator and recovery codes go, every Secure Box pass of theirs ends, and a new
 * enrolment link is e-mailed to their verified address: they enrol again. Audited in the same
 * transaction. Nobody resets their own: the person whose factor is in doubt must not be the one to replace it.
 */
export async function resetSecondFactor(options: {
  db: Db;
  userId: string;
  actor: AuditActor & StaffPlacement;
  requestId: string;
  publicUrl: string;
}): Promise<AdminUser> {
  return options.db.transaction(async (tx) => {
    const [target] = await tx.select().from(users).where(eq(users.id, options.userId)).for("update");
    if (!target) throw new AppError("not_found", "There is no user with this id.");
    if (target.id === options.actor.id) {
      throw new AppError("conflict", "You cannot reset your own authenticator: ask another admin.");
    }
    if (target.role === "user") throw new AppError("conflict", `${target.email} is not staff.`);
    const targetBranches = (await staffBranchesOf(tx, [target.id])).get(target.id) ?? [];
    const refusal = refusalToManage(options.actor, { id: target.id, role: target.role, branches: targetBranches });
    if (refusal) throw new AppError("forbidden", refusal);
    if (!target.emailVerified) {
      throw new AppError(
        "conflict",
        `${target.email} has not verified its e-mail address, so no set-up link can be sent.`,
      );
    }
    const removed = await tx
      .delete(staffSecondFactors)
      .where(eq(staffSecondFactors.userId, target.id))
      .returning({ confirmedAt: staffSecondFactors.confirmedAt });
    await tx.update(sessions).set({ staffVerifiedAt: null, staffActiveAt: null }).where(eq(sessions.userId, target.id));
    await issueEnrolmentLink({
      db: tx,
      userId: target.id,
      email: target.email,
      issuedBy: options.actor.email,
      publicUrl: options.publicUrl,
    });
    await writeAudit(tx, {
      actorId: options.actor.id,
      actorEmail: options.actor.email,
      action: "second_factor.reset",
      entityType: "user",
      entityId: target.id,
      before: { email: target.email, authenticator: removed[0]?.confirmedAt ? "set up" : "none" },
      after: { email: target.email, authenticator: "none", enrolmentLinkSent: true },
      requestId: options.requestId,
    });
    return toAdminUser(target, targetBranches);
  });
}
