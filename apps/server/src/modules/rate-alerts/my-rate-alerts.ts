import { myRateAlertMessages } from "@bureau/domain/rate-alert-account";
import { sql } from "drizzle-orm";
import { type MyRateAlert, rateAlertMessages } from "@bureau/domain/contracts/rate-alerts";
import { customerRate, trimDecimal } from "@bureau/domain/pricing";
import type { RateAlertStatus } from "@bureau/domain/rate-alerts";
import type { Db, Tx } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import { queryRows } from "../../lib/postgres.ts";
import { writeAudit } from "../audit/index.ts";
import { currentCollectRate, lapsedAlert, refuseTargetAlreadyMet } from "./rate-alert-state.ts";

/**
 * "My rate alerts": a signed-in customer's alerts are those of their verified e-mail address (as My orders
 * are its orders, decision 014), whoever typed them. The route checks the address is verified; every
 * statement here is scoped to it, so an alert of another address is "not found", never changed.
 */
export type AlertOwner = { userId: string; email: string };

/** How many of the newest alerts the list shows: far more than the ten an address may have waiting. */
const MY_ALERTS_SHOWN = 100;

type MyAlertRow = {
  id: string;
  code: string;
  label: string;
  target: string;
  status: RateAlertStatus;
  lapsed: boolean;
  active_currency: boolean;
  rate: string;
  sell_margin: string;
  created_at: Date | string;
  triggered_rate: string | null;
  triggered_at: Date | string | null;
};

const iso = (value: Date | string) => new Date(value).toISOString();

export async function listMyRateAlerts({ db, owner }: { db: Db; owner: AlertOwner }): Promise<MyRateAlert[]> {
  const rows = await queryRows<MyAlertRow>(
    db,
    sql`select a.id, a.currency_code as code, c.label, a.target::text as target, a.status, ${lapsedAlert("a")} as lapsed,
          c.active as active_currency, c.rate::text as rate, c.sell_margin::text as sell_margin,
          a.created_at, a.triggered_rate::text as triggered_rate, a.triggered_at
        from rate_alerts a join currencies c on c.code = a.currency_code
        where lower(a.email) = lower(${owner.email})
        order by a.created_at desc, a.id
        limit ${MY_ALERTS_SHOWN}`,
  );
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    label: row.label,
    target: trimDecimal(row.target),
    status: row.lapsed ? "lapsed" : row.status,
    collectRate: row.active_currency ? trimDecimal(customerRate(row.rate, row.sell_margin)) : null,
    createdAt: iso(row.created_at),
    triggeredRate: row.triggered_rate === null ? null : trimDecimal(row.triggered_rate),
    triggeredAt: row.triggered_at === null ? null : iso(row.triggered_at),
  }));
}

type OwnAlert = { id: string; code: string; target: string; status: RateAlertStatus };

/** The owner's alert, locked for the change; "not found" for any other (another address's, or none). */
async function ownAlertForUpdate(tx: Tx, owner: AlertOwner, alertId: string): Promise<OwnAlert> {
  const [alert] = await queryRows<OwnAlert>(
    tx,
    sql`select id, currency_code as code, target::text as target, status from rate_alerts
        where id = ${alertId} and lower(email) = lower(${owner.email}) for update`,
  );
  if (!alert) throw new AppError("not_found", myRateAlertMessages.notYours);
  return alert;
}

function auditAlert(
  tx: Tx,
  owner: AlertOwner,
  action: "pause" | "resume" | "delete",
  before: OwnAlert,
  after: unknown,
  requestId: string | undefined,
) {
  return writeAudit(tx, {
    actorId: owner.userId,
    actorEmail: owner.email,
    action: `rate_alert.${action}`,
    entityType: "rate_alert",
    entityId: before.id,
    before: { code: before.code, target: trimDecimal(before.target), status: before.status },
    after,
    requestId: requestId ?? null,
  });
}

/** A change the owner of an alert makes to it: who, which alert, and the request it came in. */
type OwnAlertChange = { db: Db; owner: AlertOwner; alertId: string; requestId?: string };

/** Pauses an alert that is on: it watches no rate (the job takes only `active` ones) until switched back on. */
export async function pauseMyRateAlert({
  db,
  owner,
  alertId,
  requestId,
}: OwnAlertChange): Promise<{ message: string }> {
  return db.transaction(async (tx) => {
    const alert = await ownAlertForUpdate(tx, owner, alertId);
    if (alert.status !== "active") throw new AppError("conflict", myRateAlertMessages.onlyActivePaused);
    await tx.execute(sql`update rate_alerts set status = 'paused', paused_at = now() where id = ${alert.id}`);
    await auditAlert(tx, owner, "pause", alert, { status: "paused" }, requestId);
    return { message: myRateAlertMessages.pausedDone };
  });
}

/**
 * Switches a paused alert back on, unless our rate has meanwhile reached its target: it would fire at once,
 * so it is refused with the rate, as a new alert would be (the customer may delete it or keep it paused).
 */
export async function resumeMyRateAlert({
  db,
  owner,
  alertId,
  requestId,
}: OwnAlertChange): Promise<{ message: string }> {
  return db.transaction(async (tx) => {
    const alert = await ownAlertForUpdate(tx, owner, alertId);
    if (alert.status !== "paused") throw new AppError("conflict", myRateAlertMessages.onlyPausedResumed);
    const collectRate = await currentCollectRate(tx, alert.code);
    if (collectRate === null) throw new AppError("conflict", rateAlertMessages.unknownCurrency);
    refuseTargetAlreadyMet(alert.target, collectRate, alert.code);
    await tx.execute(sql`update rate_alerts set status = 'active', paused_at = null where id = ${alert.id}`);
    await auditAlert(tx, owner, "resume", alert, { status: "active" }, requestId);
    return { message: myRateAlertMessages.resumedDone };
  });
}

/**
 * Deletes one of the owner's alerts for good, whatever its state (an e-mail already queued for it is not
 * sent: the mailer renders alert e-mails from the row, and finds none).
 */
export async function deleteMyRateAlert({
  db,
  owner,
  alertId,
  requestId,
}: OwnAlertChange): Promise<{ message: string }> {
  return db.transaction(async (tx) => {
    const alert = await ownAlertForUpdate(tx, owner, alertId);
    await tx.execute(sql`delete from rate_alerts where id = ${alert.id}`);
    await auditAlert(tx, owner, "delete", alert, null, requestId);
    return { message: myRateAlertMessages.deletedDone };
  });
}
