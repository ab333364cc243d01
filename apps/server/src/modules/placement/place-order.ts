import { randomInt, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { OrderReceipt } from "@bureau/domain/contracts/orders";
import { DEFAULT_DISPLAY_TIME_ZONE, displayDates } from "@bureau/domain/dates";
import { DEFAULT_DUE_DILIGENCE_TIERS, type DueDiligenceTiers } from "@bureau/domain/due-diligence";
import { DEFAULT_ORDER_LIMITS, type OrderLimits } from "@bureau/domain/order-limits";
import { orderNumberFromRandom } from "@bureau/domain/order-number";
import {
  decidePlacement,
  type PlacementRequest,
  type PlacementScreening,
  type PlacementSettings,
} from "@bureau/domain/placement/decide-placement";
import {
  customerBusy,
  notEnoughNotes,
  type PlacementRefusal,
  quoteUsed,
  submissionKeyReused,
} from "@bureau/domain/placement/refusals";
import { DEFAULT_RISK_RULES, type RiskRules } from "@bureau/domain/risk-flags";
import { DEFAULT_SANCTIONS_MATCH_THRESHOLD } from "@bureau/domain/sanctions-screening";
import { DEFAULT_MAX_STERLING_BACK_PERCENT } from "@bureau/domain/whole-notes";
import type { Db } from "../../db/client.ts";
import { orders } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import { findPostgresError, violatedUniqueConstraint } from "../../lib/postgres.ts";
import { buybackRemainderTaken, isBuybackRemainderTaken } from "../buyback/index.ts";
import { wakeMailer } from "../mail/index.ts";
import { loadOrderReceipt, toOrderReceipt } from "../orders/index.ts";
import { customerName, screenName } from "../sanctions/index.ts";
import { isNotesTaken } from "../stock/index.ts";
import { inTransaction, onPool, type Placing } from "./placement-runner.ts";
import { LOCK_CUSTOMER, READ, type ReadRow, WRITE } from "./placement-statements.ts";
import { readParameters, toPlacementRead } from "./placement-read.ts";

export type PlaceOrderInput = PlacementRequest;

type PlaceOrderOptions = {
  input: PlaceOrderInput;
  limits?: OrderLimits;
  /** The screening score at or above which the customer's name matches a sanctions list name. */
  sanctionsThreshold?: number;
  /** The due-diligence tiers the new order is assessed against (docs/features/due-diligence-tiers.md). */
  dueDiligence?: DueDiligenceTiers;
  /** The risk flags' rules (issue 15 item 3). */
  riskRules?: RiskRules;
  /** The bureau's time zone (DISPLAY_TIME_ZONE): the EUR rate of the day before the order's day there. */
  timeZone?: string;
  /** The most of an order a branch's stock may give back in sterling (ORDER_MAX_STERLING_BACK_PERCENT). */
  maxSterlingBackPercent?: number;
  now?: Date;
};

type Placed = { orderId: string; receipt: OrderReceipt; created: boolean };

/** The most tries of one kind: serialised placements, and writes of one read (order numbers, deadlocks). */
const MAX_ATTEMPTS = 5;

/**
 * Turns quotes into an order (docs/decisions/033-placement-home.md): every quote must exist, be unexpired,
 * unused, of this way and priced exactly as the customer saw it. The idempotency key makes a retried
 * submission return the first order instead of creating a second one.
 *
 * Two round trips: one read gathering everything the decisions need (the quotes, the branch and its free
 * notes, the newest sanctions list, the EUR rate, the customer's linked orders), and one write of the
 * order, its lines, its reserved notes, its screening, its due diligence and risk flags, their audit
 * entries and the "order received" e-mail, committed together or not at all. The decisions between them
 * are packages/domain placement/ (pure); the customer's name is screened in memory against the list the
 * read named. What can change between the read and the write is refused by a constraint, and answered by
 * the table of retries below as if the read had seen it.
 */
export async function placeOrder(given: PlaceOrderOptions & { db: Db }): Promise<Placed> {
  // One moment for every try: the order is placed when it was asked for.
  const now = given.now ?? new Date();
  const context: Context = {
    db: given.db,
    input: given.input,
    settings: {
      limits: given.limits ?? DEFAULT_ORDER_LIMITS,
      tiers: given.dueDiligence ?? DEFAULT_DUE_DILIGENCE_TIERS,
      rules: given.riskRules ?? DEFAULT_RISK_RULES,
      maxSterlingBackPercent: given.maxSterlingBackPercent ?? DEFAULT_MAX_STERLING_BACK_PERCENT,
      now,
    },
    sanctionsThreshold: given.sanctionsThreshold ?? DEFAULT_SANCTIONS_MATCH_THRESHOLD,
    day: displayDates(given.timeZone ?? DEFAULT_DISPLAY_TIME_ZONE).day(now),
    screenings: new Map(),
  };
  let outcome = await attempt(context, onPool(context.db), { serialised: false });
  // A concurrent placement by the same customer was written first. Placed again in a transaction holding
  // the customer's placement locks, so that concurrent placements by one customer (all but one of fifty
  // placed at once, in a test) take turns instead of racing again; its read, after the lock, sees them.
  for (let serialised = 1; outcome.kind !== "done" && serialised <= MAX_ATTEMPTS; serialised++) {
    if (outcome.kind === "screen first") await screen(context, outcome.listId);
    outcome = await inTransaction(context.db, async (placing) => {
      const { customer, idKey } = context.input;
      await placing.run(LOCK_CUSTOMER, [customer.email, customer.phone, idKey ?? null]);
      return attempt(context, placing, { serialised: true });
    });
  }
  if (outcome.kind !== "done") throw refused(customerBusy());
  const done = outcome.answer;
  if ("twin" in done) return answerTwin(context, done.twin.ifMissing);
  // After the commit, not inside it: a NOTIFY in the write serialised concurrent placements' commits.
  wakeMailer(context.db);
  return done.placed;
}

type Context = {
  db: Db;
  input: PlaceOrderInput;
  settings: PlacementSettings;
  sanctionsThreshold: number;
  /** The order's day in the bureau's time zone. */
  day: string;
  /** The screenings of the customer's name made so far, by list version (the same name gives the same). */
  screenings: Map<string, PlacementScreening>;
};

/**
 * What an attempt came to: the order placed, or a twin to answer (looked up after any transaction), or a
 * retry in a serialised transaction (its place in the customer's sequence was taken; or, serialised
 * already, the sanctions list changed and the name must be screened outside the transaction first).
 */
type Outcome =
  | { kind: "done"; answer: { placed: Placed } | { twin: { ifMissing: Error } } }
  | { kind: "serialise" }
  | { kind: "screen first"; listId: string };

/** What a placement does next when its write failed. */
type Next =
  | "answer the twin"
  | "draw another order number"
  | "serialise"
  | "read again"
  | "write again"
  | "refuse the guarantee";

type WriteFailure = { error: unknown; constraint: string | null; collects: boolean };

/**
 * The placement's retries, first match wins; any other failure is thrown. Each answers a change the read
 * could not see, as if it had: a concurrent twin of this submission won (whichever constraint it met
 * first), another order drew the same order number, a concurrent placement by the same customer took this
 * one's place in its sequence (placed again from a read that sees it, so that its assessment counts both),
 * another order took notes this one counted on (read once more: a different split may still pay), or two
 * placements reserving notes of one branch locked them in opposite orders (the loser writes again).
 */
const RETRIES: readonly { when: (failure: WriteFailure) => boolean; next: Next }[] = [
  {
    when: (f) => f.constraint === "orders_idempotency_key" || f.constraint === "order_lines_quote_key",
    next: "answer the twin",
  },
  { when: (f) => f.constraint === "orders_order_number_key", next: "draw another order number" },
  {
    when: (f) => f.constraint === "orders_email_seq_key" || f.constraint === "orders_phone_seq_key",
    next: "serialise",
  },
  { when: (f) => f.collects && isNotesTaken(f.error), next: "read again" },
  { when: (f) => f.collects && findPostgresError(f.error, ["40P01"]) !== null, next: "write again" },
  // Another sale used what was left of the buy-back guarantee since this one was priced.
  { when: (f) => isBuybackRemainderTaken(f.error), next: "refuse the guarantee" },
];

/** One read, the decisions, and the write (tried again as the table says). */
async function attempt(
  context: Context,
  placing: Placing,
  { serialised, afterRace = false }: { serialised: boolean; afterRace?: boolean },
): Promise<Outcome> {
  const { input, settings } = context;
  const [row] = await placing.run<ReadRow>(READ, readParameters(input, settings, context.day));
  const read = toPlacementRead(row!);
  let screening: PlacementScreening | null = null;
  if (read.sanctionsListId) {
    const known = context.screenings.get(read.sanctionsListId);
    // In a transaction, loading a list's index would wait for the connection the transaction holds.
    if (!known && serialised) return { kind: "screen first", listId: read.sanctionsListId };
    screening = known ?? (await screen(context, read.sanctionsListId));
  }
  const orderId = randomUUID();
  const decision = decidePlacement({ request: input, read, screening, orderId, settings });
  if (decision.kind === "same-submission") return twin(new Error("idempotent order disappeared"));
  if (decision.kind === "refused") throw refused(decision.refusal);
  for (let writes = 1; ; writes++) {
    const orderNumber = orderNumberFromRandom(() => randomInt(0, 2 ** 32));
    try {
      await placing.write(WRITE, [JSON.stringify(decision.write), orderNumber]);
    } catch (error) {
      const constraint = violatedUniqueConstraint(error);
      const retry = RETRIES.find((candidate) =>
        candidate.when({ error, constraint, collects: decision.notesCurrency !== null }),
      );
      switch (retry?.next) {
        case "answer the twin":
          return twin(constraint === "order_lines_quote_key" ? refused(quoteUsed()) : asError(error));
        case "draw another order number":
        case "write again":
          if (writes < MAX_ATTEMPTS) continue;
          throw error;
        case "serialise":
          return { kind: "serialise" };
        case "read again":
          if (!afterRace) return attempt(context, placing, { serialised, afterRace: true });
          throw refused(notEnoughNotes(decision.notesCurrency ?? "", decision.branch.name, null));
        case "refuse the guarantee":
          throw refused(buybackRemainderTaken());
        case undefined:
          throw error;
      }
    }
    const receipt = toOrderReceipt(
      {
        orderNumber,
        way: input.way,
        status: "pending",
        ...input.customer,
        totalGbpMinor: decision.write.totalGbpMinor,
        createdAt: settings.now,
      },
      decision.branch,
      decision.lines,
    );
    return { kind: "done", answer: { placed: { orderId, receipt, created: true } } };
  }
}

function twin(ifMissing: Error): Outcome {
  return { kind: "done", answer: { twin: { ifMissing } } };
}

async function screen(context: Context, listId: string): Promise<PlacementScreening> {
  const { firstName, lastName } = context.input.customer;
  const screening = await screenName({
    db: context.db,
    listId,
    name: customerName(firstName, lastName),
    threshold: context.sanctionsThreshold,
  });
  context.screenings.set(listId, screening);
  return screening;
}

function refused(refusal: PlacementRefusal): AppError {
  return new AppError(refusal.code, refusal.message, refusal.fields);
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/** The order this very submission made (a retry, or a concurrent twin that won). */
async function answerTwin(context: Context, ifMissing: Error): Promise<Placed> {
  const { db, input } = context;
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.idempotencyKey, input.idempotencyKey));
  const receipt = row ? await loadOrderReceipt(db, row.id) : null;
  if (!row || !receipt) throw ifMissing;
  const sameOrder =
    receipt.way === input.way &&
    receipt.lines.length === input.lines.length &&
    receipt.email.toLowerCase() === input.customer.email.toLowerCase();
  if (!sameOrder) throw refused(submissionKeyReused());
  return { orderId: row.id, receipt, created: false };
}
