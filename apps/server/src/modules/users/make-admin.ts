import { eq } from "drizzle-orm";
import type { AdminUser } from "@bureau/domain/contracts/accounts";
import { staffBranches, users } from "../../db/auth-schema.ts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AuditActor } from "../../lib/audit-actor.ts";
import { writeAudit } from "../audit/index.ts";
import { toAdminUser } from "./list-users.ts";
import { issueEnrolmentLink } from "./second-factor-enrolment-link.ts";

/**
 * Make Admin (spec §4: user → Admin; refused for someone already Admin or whose e-mail is unverified). The row is locked so that
 * two staff clicking at once record one change, and the change is audited in the same transaction. The new
 * admin is e-mailed the link to set up their authenticator (decision 032), in the same transaction.
 */
export async function makeAdmin(options: {
  db: Db;
  userId: string;
  actor: AuditActor;
  requestId: string;
  publicUrl: string;
}): Promise<AdminUser> {
  return options.db.transaction(async (tx) => {
    const [target] = await tx.select().from(users).where(eq(users.id, options.userId)).for("update");
    if (!target) throw new AppError("not_found", "There is no user with this id.");
    if (target.role === "admin") throw new AppError("conflict", `${target.email} is already an Admin.`);
    // Staff rights go only to an address proven to be the person's: otherwise whoever signed up with
    // someone else's address could be promoted by mistake (issue 13).
    if (!target.emailVerified) {
      throw new AppError(
        "conflict",
        `${target.email} has not verified its e-mail address yet, so it cannot be made an Admin. Ask the person to open the link in their verification e-mail (they can ask for a new one on their profile page).`,
      );
    }
    const [updated] = await tx
      .update(users)
      .set({ role: "admin", updatedAt: new Date() })
      .where(eq(users.id, target.id))
      .returning();
    // An admin works at every branch: their own rows would only mislead.
    await tx.delete(staffBranches).where(eq(staffBranches.userId, target.id));
    await writeAudit(tx, {
      actorId: options.actor.id,
      actorEmail: options.actor.email,
      action: "user.make_admin",
      entityType: "user",
      entityId: target.id,
      before: { email: target.email, role: target.role },
      after: { email: target.email, role: "admin" },
      requestId: options.requestId,
    });
    await issueEnrolmentLink({
      db: tx,
      userId: target.id,
      email: target.email,
      issuedBy: options.actor.email,
      publicUrl: options.publicUrl,
    });
    return toAdminUser(updated!, []);
  });
}
