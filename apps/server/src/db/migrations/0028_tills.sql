-- The till (issue 33 item 2): a cashier's cash drawer at a branch, from the float counted at opening to
-- the count at closing, with every movement of cash (and card payments, recorded for the day's report).
CREATE TABLE "tills" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "branch_key" text NOT NULL REFERENCES "branches"("key"),
  "cashier_id" text NOT NULL REFERENCES "users"("id"),
  "cashier_email" text NOT NULL,
  -- open: taking movements; awaiting_signoff: counted at close with a variance above
  -- TILL_VARIANCE_SIGNOFF_GBP, waiting for a manager; closed: done.
  "status" text NOT NULL DEFAULT 'open',
  "opened_at" timestamp with time zone NOT NULL,
  "counted_at" timestamp with time zone,
  "closed_at" timestamp with time zone,
  -- The close as weighed when counted: per currency expected, counted, variance and its value in pence.
  "close_variance" jsonb,
  "variance_gbp_minor" bigint,
  "signed_off_by_id" text REFERENCES "users"("id"),
  "signed_off_by" text,
  "signed_off_at" timestamp with time zone,
  "sign_off_reason" text,
  CONSTRAINT "tills_status_check" CHECK ("status" in ('open', 'awaiting_signoff', 'closed')),
  CONSTRAINT "tills_sign_off_check" CHECK (("signed_off_at" IS NULL) = ("sign_off_reason" IS NULL))
);--> statement-breakpoint
-- One till per cashier per branch that is not closed (open or awaiting its sign-off).
CREATE UNIQUE INDEX "tills_one_open_per_cashier" ON "tills" ("cashier_id", "branch_key") WHERE "status" <> 'closed';--> statement-breakpoint
CREATE INDEX "tills_branch_status_idx" ON "tills" ("branch_key", "status", "opened_at");--> statement-breakpoint
-- A till's counts by denomination: the float at opening and the drawer at closing.
CREATE TABLE "till_counts" (
  "till_id" uuid NOT NULL REFERENCES "tills"("id"),
  "stage" text NOT NULL,
  "currency_code" varchar(3) NOT NULL,
  "denomination_minor" bigint NOT NULL,
  "count" integer NOT NULL,
  CONSTRAINT "till_counts_pkey" PRIMARY KEY ("till_id", "stage", "currency_code", "denomination_minor"),
  CONSTRAINT "till_counts_stage_check" CHECK ("stage" in ('open', 'close')),
  CONSTRAINT "till_counts_count_check" CHECK ("count" >= 0)
);--> statement-breakpoint
-- What moved the till: signed (into the drawer positive), in the currency's minor units. Card payments
-- are recorded with method 'card' and do not count towards the drawer's cash.
CREATE TABLE "till_movements" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "till_id" uuid NOT NULL REFERENCES "tills"("id"),
  "kind" text NOT NULL,
  "currency_code" varchar(3) NOT NULL,
  "amount_minor" bigint NOT NULL,
  "method" text NOT NULL,
  "order_id" uuid REFERENCES "orders"("id"),
  "actor_id" text,
  "actor_email" text NOT NULL,
  "recorded_at" timestamp with time zone NOT NULL,
  CONSTRAINT "till_movements_kind_check" CHECK ("kind" in ('order', 'trade', 'reversal', 'float')),
  CONSTRAINT "till_movements_method_check" CHECK ("method" in ('cash', 'card'))
);--> statement-breakpoint
CREATE INDEX "till_movements_till_idx" ON "till_movements" ("till_id", "recorded_at");--> statement-breakpoint
CREATE INDEX "till_movements_order_idx" ON "till_movements" ("order_id") WHERE "order_id" IS NOT NULL;--> statement-breakpoint
-- The payment taken or made at a handover (issue 33): cash or card, in pence. Null for orders completed before.
ALTER TABLE "order_handovers" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "order_handovers" ADD COLUMN "payment_gbp_minor" bigint;--> statement-breakpoint
ALTER TABLE "order_handovers" ADD CONSTRAINT "order_handovers_payment_check" CHECK (("payment_method" IS NULL OR "payment_method" in ('cash', 'card')) AND ("payment_method" IS NULL) = ("payment_gbp_minor" IS NULL));
