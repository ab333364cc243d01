import { and, eq } from "drizzle-orm";
import { orders } from "../../db/schema.ts";
import { onDisplayDays } from "../../lib/display-day-range.ts";

/** The branch and the calendar day (of the display time zone) a day's report is about. */
export type DayOfBranch = { branchKey: string; day: string; timeZone: string };

/**
 * The orders the branch completed on the day: the one condition the report's list of orders, their lines
 * and the buy-back guarantee's figures all read by (served by orders_branch_status_completed_idx).
 */
export const completedOnDay = ({ branchKey, day, timeZone }: DayOfBranch) =>
  and(
    eq(orders.branchKey, branchKey),
    eq(orders.status, "completed"),
    ...onDisplayDays(orders.completedAt, { from: day, to: day }, timeZone),
  );
