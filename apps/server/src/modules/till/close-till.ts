import { and, asc, eq, inArray, ne } from "drizzle-orm";
import type { TillCountsInput, TillPage, TillView } from "@bureau/domain/contracts/till";
import { formatMinor } from "@bureau/domain/money";
import { NOT_YOUR_BRANCH_MESSAGE, type StaffPlacement, worksAt } from "@bureau/domain/staff-permissions";
import { assessClose, checkTillCount, formatSignedMinor, signOffReasonProblem } from "@bureau/domain/till";
import type { Db } from "../../db/client.ts";
import { tills } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AuditActor } from "../../lib/audit-actor.ts";
import { auditedBy, writeAudit } from "../audit/index.ts";
import { insertCounts } from "./open-till.ts";
import {
  branchNameOf,
  closingCurrenciesOf,
  expectedOf,
  lockOwnOpenTill,
  lockTill,
  ratesOf,
  tillCurrenciesOf,
  tillView,
} from "./till-view.ts";

type ActingStaff = AuditActor & StaffPlacement;

/** The Till page at a branch: what a till there counts, and the staff member's till that is not closed. */
export async function tillOf(options: {
  db: Db;
  cashierId: string;
  branchKey: string;
  signOffAboveGbpMinor: number;
}): Promise<TillPage> {
  const { db, cashierId, branchKey } = options;
  const name = await branchNameOf(db, branchKey);
  const [till] = await db
    .select()
    .from(tills)
    .where(and(eq(tills.cashierId, cashierId), eq(tills.branchKey, branchKey), ne(tills.status, "closed")));
  const view = till ? await tillView(db, till) : null;
  return {
    branch: { key: branchKey, name },
    // An open till is closed counting what it holds too; a new one counts the branch's currencies.
    currencies: view
      ? await closingCurrenciesOf(
          db,
          branchKey,
          [...view.float, ...view.expected].map((a) => a.currency),
        )
      : await tillCurrenciesOf(db, branchKey),
    till: view,
    signOffAboveGbpMinor: options.signOffAboveGbpMinor,
  };
}

/**
 * Closes the cashier's own till with the drawer counted by denomination. The variance per currency is
 * counted − (float + cash movements). Within TILL_VARIANCE_SIGNOFF_GBP the till closes; above it the
 * count is kept (the drawer was counted: that is a fact to sign off against), the till waits for a
 * manager's sign-off and takes nothing more, and the answer is a 409 that names the variance. Audited.
 */
export async function closeTill(options: {
  db: Db;
  tillId: string;
  actor: ActingStaff;
  counts: TillCountsInput;
  signOffAboveGbpMinor: number;
  requestId?: string;
  now?: Date;
}): Promise<TillView> {
  const { db, tillId, actor, requestId, now = new Date() } = options;
  const closed = await db.transaction(async (tx) => {
    const till = await lockOwnOpenTill(tx, tillId, actor);
    const { expected } = await expectedOf(tx, till.id);
    // Whatever the branch tracks now, and whatever the till held or took since it opened.
    const currencies = (await closingCurrenciesOf(tx, till.branchKey, Object.keys(expected))).map((c) => c.currency);
    const checked = checkTillCount(options.counts, currencies);
    if (!checked.ok) throw new AppError("validation_failed", checked.message, checked.fields);
    const assessed = assessClose({
      expected,
      counted: checked.amounts,
      rates: await ratesOf(tx, [...new Set([...currencies, ...Object.keys(expected)])]),
      signOffAboveGbpMinor: options.signOffAboveGbpMinor,
    });
    await insertCounts(tx, till.id, "close", checked.counts);
    const status = assessed.needsSignOff ? ("awaiting_signoff" as const) : ("closed" as const);
    const [after] = await tx
      .update(tills)
      .set({
        status,
        countedAt: now,
        closedAt: status === "closed" ? now : null,
        closeVariance: assessed.currencies,
        varianceGbpMinor: assessed.totalAbsoluteGbpMinor,
      })
      .where(eq(tills.id, till.id))
      .returning();
    await writeAudit(tx, {
      ...auditedBy(actor, requestId),
      action: status === "closed" ? "till.close" : "till.count-for-sign-off",
      entityType: "till",
      entityId: till.id,
      before: { status: till.status },
      after: { status, variance: assessed.currencies, varianceGbpMinor: assessed.totalAbsoluteGbpMinor },
    });
    return { view: await tillView(tx, after ?? till), assessed };
  });
  if (closed.assessed.needsSignOff) {
    // After the commit: the count stays recorded, the close itself is refused until a manager signs off.
    throw new AppError(
      "conflict",
      `The till is ${formatMinor(closed.assessed.totalAbsoluteGbpMinor, "GBP")} out, above ${formatMinor(options.signOffAboveGbpMinor, "GBP")}: a manager must sign off the variance with a reason before it closes.`,
      Object.fromEntries(
        closed.assessed.currencies
          .filter((c) => c.varianceMinor !== 0)
          .map((c) => [`variance.${c.currency}`, formatSignedMinor(c.varianceMinor, c.currency)]),
      ),
    );
  }
  return closed.view;
}

/**
 * A manager's sign-off of a till's variance, with a reason: the manager works at the till's branch and
 * is not its cashier (a second person). The till then closes. Audited.
 */
export async function signOffTill(options: {
  db: Db;
  tillId: string;
  actor: ActingStaff;
  reason: string;
  requestId?: string;
  now?: Date;
}): Promise<TillView> {
  const { db, tillId, actor, requestId, now = new Date() } = options;
  return db.transaction(async (tx) => {
    const till = await lockTill(tx, tillId);
    if (!worksAt(actor, till.branchKey)) throw new AppError("forbidden", NOT_YOUR_BRANCH_MESSAGE);
    if (till.cashierId === actor.id) {
      throw new AppError("forbidden", "A till's variance is signed off by a manager other than its cashier.");
    }
    if (till.status !== "awaiting_signoff") {
      throw new AppError(
        "conflict",
        till.status === "closed" ? "This till is already closed." : "This till has not been counted for closing yet.",
      );
    }
    const problem = signOffReasonProblem(options.reason);
    if (problem) throw new AppError("validation_failed", `${problem}.`, { reason: problem });
    const reason = options.reason.trim();
    const [after] = await tx
      .update(tills)
      .set({
        status: "closed",
        closedAt: now,
        signedOffById: actor.id,
        signedOffBy: actor.email,
        signedOffAt: now,
        signOffReason: reason,
      })
      .where(eq(tills.id, till.id))
      .returning();
    await writeAudit(tx, {
      ...auditedBy(actor, requestId),
      action: "till.sign-off",
      entityType: "till",
      entityId: till.id,
      before: { status: till.status, varianceGbpMinor: till.varianceGbpMinor },
      after: { status: "closed", reason },
    });
    return tillView(tx, after ?? till);
  });
}

/** Tills counted with a variance above the threshold, waiting for a sign-off, at a branch or at all of the actor's. */
export async function listTillsAwaitingSignOff(options: {
  db: Db;
  actor: StaffPlacement;
  branchKey?: string | undefined;
}): Promise<{ tills: TillView[] }> {
  const { db, actor, branchKey } = options;
  const rows = await db
    .select()
    .from(tills)
    .where(
      and(
        eq(tills.status, "awaiting_signoff"),
        branchKey
          ? eq(tills.branchKey, branchKey)
          : actor.role === "admin"
            ? undefined
            : inArray(tills.branchKey, actor.branches.length > 0 ? [...actor.branches] : ["-"]),
      ),
    )
    .orderBy(asc(tills.countedAt));
  return { tills: await Promise.all(rows.map((row) => tillView(db, row))) };
}
