-- Walk-in trades at the counter and reversals (issue 33 items 3 and 4).
-- A trade at the counter is an order of the channel 'counter', placed through the same decisions as an
-- online order and completed at once; online orders keep 'online'.
ALTER TABLE "orders" ADD COLUMN "channel" text NOT NULL DEFAULT 'online';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_channel_check" CHECK ("channel" in ('online', 'counter'));--> statement-breakpoint
-- The identity document the customer showed (its type, the last 4 characters of its number and the
-- customer's name, normalised by packages/domain identity-key.ts): a counter trade's from its placement,
-- an online order's from its handover. Orders and trades sharing it are linked like those sharing an
-- e-mail or a phone.
ALTER TABLE "orders" ADD COLUMN "id_key" text;--> statement-breakpoint
-- Not partial: the placement's read and the linked totals reach it through a join clause (o.id_key =
-- me.id_key), from which PostgreSQL does not prove a partial index's "id_key IS NOT NULL".
CREATE INDEX "orders_id_key_created_idx" ON "orders" ("id_key", "created_at");--> statement-breakpoint
-- When a manager approved the reversal of the completed order (null: not reversed).
ALTER TABLE "orders" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
-- A trade below COUNTER_ID_FROM_GBP records the name only: its handover has no identity document.
ALTER TABLE "order_handovers" ALTER COLUMN "id_type" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_handovers" ALTER COLUMN "id_number_last4" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_handovers" ALTER COLUMN "id_expires_on" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_handovers" ADD CONSTRAINT "order_handovers_id_whole_check" CHECK (
  ("id_type" IS NULL) = ("id_number_last4" IS NULL) AND ("id_type" IS NULL) = ("id_expires_on" IS NULL));--> statement-breakpoint
-- The counter's own margins per currency, in percent (null: the online margin applies).
ALTER TABLE "currencies" ADD COLUMN "counter_sell_margin" numeric(6, 2);--> statement-breakpoint
ALTER TABLE "currencies" ADD COLUMN "counter_buy_margin" numeric(6, 2);--> statement-breakpoint
-- A reversal of a completed order or trade: requested with a reason by one staff member, approved (or
-- refused) by a manager who is not the requester. At most one reversal of an order is requested or
-- approved; a refused one leaves room for another request.
CREATE TABLE "order_reversals" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "order_id" uuid NOT NULL REFERENCES "orders"("id"),
  "reason" text NOT NULL,
  "status" text NOT NULL DEFAULT 'requested',
  "requested_by_id" text NOT NULL REFERENCES "users"("id"),
  "requested_by" text NOT NULL,
  "requested_at" timestamp with time zone NOT NULL,
  "decided_by_id" text REFERENCES "users"("id"),
  "decided_by" text,
  "decided_at" timestamp with time zone,
  "decision_note" text,
  CONSTRAINT "order_reversals_status_check" CHECK ("status" in ('requested', 'approved', 'refused')),
  CONSTRAINT "order_reversals_decided_check" CHECK (("status" = 'requested') = ("decided_at" IS NULL)),
  CONSTRAINT "order_reversals_second_person_check" CHECK ("decided_by_id" IS NULL OR "decided_by_id" <> "requested_by_id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "order_reversals_one_live_per_order" ON "order_reversals" ("order_id") WHERE "status" <> 'refused';--> statement-breakpoint
CREATE INDEX "order_reversals_status_requested_idx" ON "order_reversals" ("status", "requested_at");
