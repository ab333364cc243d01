-- The handover at the counter (issue 17 item 4): one row per completed order, written in the transaction
-- that completes it (modules/orders/transition-order.ts). Orders completed before this version have none.
CREATE TABLE "order_handovers" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"id_type" text NOT NULL,
	"id_number_last4" varchar(4) NOT NULL,
	"id_expires_on" date NOT NULL,
	"card_matches_name" boolean,
	"received" jsonb,
	"difference_reason" text,
	"gbp_minor" bigint NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"recorded_by" text NOT NULL,
	CONSTRAINT "order_handovers_id_type_check" CHECK ("order_handovers"."id_type" in ('passport', 'driving_licence', 'national_id')),
	CONSTRAINT "order_handovers_gbp_check" CHECK ("order_handovers"."gbp_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_handovers" ADD CONSTRAINT "order_handovers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;