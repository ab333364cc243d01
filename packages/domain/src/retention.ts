/**
 * How long personal data is kept (docs/features/retention-and-data-rights.md). The periods run in
 * whole calendar days of the display time zone: a record that ended on a day is kept for the period
 * *beginning on* that day (the wording of the Money Laundering Regulations 2017, reg. 40(3)), and its
 * personal data goes on the anniversary day. An operator may keep records longer (RETENTION_* settings),
 * never shorter than the law's five years for orders.
 */
export type RetentionRules = {
  /** Closed orders (completed, cancelled, expired): years after the day they closed. */
  ordersYears: number;
  /** Contact-form messages: months after the day they arrived. */
  contactMessagesMonths: number;
  /** Expired quotes and sessions, and outbox messages no longer waiting to be sent: days after. */
  expiredRecordsDays: number;
};

export const DEFAULT_RETENTION: RetentionRules = { ordersYears: 5, contactMessagesMonths: 12, expiredRecordsDays: 30 };

/** MLR 2017 reg. 40: at least five years; beyond ten years only where another law requires it. */
export const RETENTION_ORDERS_YEARS_RANGE = { min: 5, max: 10 } as const;

/** What personal text is overwritten with; e-mail and phone become empty so that they link to no one. */
export const ANONYMISED = "[anonymised]";

export type RetentionPeriod = { years?: number; months?: number; days?: number };

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseDay(day: string): { year: number; month: number; date: number } {
  const match = DAY.exec(day);
  if (!match) throw new RangeError(`Not a calendar day: ${day}`);
  return { year: Number(match[1]), month: Number(match[2]), date: Number(match[3]) };
}

function formatDay(utc: Date): string {
  return utc.toISOString().slice(0, 10);
}

/**
 * The last day whose records are due on `today` ("2026-03-10", a day of the display zone): the day the
 * period before today began. A record that ended on this day or earlier has been kept for the whole
 * period. Months and years are calendar ones; a day past the end of the shorter month is its last day
 * (29 February less one year is 28 February), so a record is never released early.
 */
export function lastDueDay(today: string, period: RetentionPeriod): string {
  const { year, month, date } = parseDay(today);
  const months = (period.years ?? 0) * 12 + (period.months ?? 0);
  const monthIndex = year * 12 + (month - 1) - months;
  const targetYear = Math.floor(monthIndex / 12);
  const targetMonth = monthIndex - targetYear * 12;
  const daysInTarget = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  const shifted = new Date(Date.UTC(targetYear, targetMonth, Math.min(date, daysInTarget)));
  shifted.setUTCDate(shifted.getUTCDate() - (period.days ?? 0));
  return formatDay(shifted);
}

/** The calendar day after `day`. */
export function nextDay(day: string): string {
  const { year, month, date } = parseDay(day);
  return formatDay(new Date(Date.UTC(year, month - 1, date + 1)));
}
