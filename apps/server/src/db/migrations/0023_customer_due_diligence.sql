-- Customer due diligence (decision 029): what the MLRO verified to clear a hold, kept against the customer's identity keys so that it covers their linked orders for 12 months.
CREATE TABLE "customer_due_diligence" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"email_key" text,
	"phone_key" text,
	"id_type" text NOT NULL,
	"id_number_last4" varchar(4) NOT NULL,
	"id_expires_on" date NOT NULL,
	"source_of_funds" text NOT NULL,
	"note" text,
	"checked_by_id" text,
	"checked_by" text NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_due_diligence_id_type_check" CHECK ("id_type" in ('passport', 'driving_licence', 'national_id')),
	CONSTRAINT "customer_due_diligence_source_of_funds_check" CHECK ("source_of_funds" in ('salary', 'savings', 'business', 'gift', 'sale_of_property', 'other')),
	CONSTRAINT "customer_due_diligence_other_note_check" CHECK ("source_of_funds" <> 'other' OR "note" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "customer_due_diligence" ADD CONSTRAINT "customer_due_diligence_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_due_diligence_order_idx" ON "customer_due_diligence" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "customer_due_diligence_email_key_checked_idx" ON "customer_due_diligence" USING btree ("email_key","checked_at");--> statement-breakpoint
CREATE INDEX "customer_due_diligence_phone_key_checked_idx" ON "customer_due_diligence" USING btree ("phone_key","checked_at");
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "hold_cleared_due_diligence_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_hold_cleared_due_diligence_id_fk" FOREIGN KEY ("hold_cleared_due_diligence_id") REFERENCES "public"."customer_due_diligence"("id") ON DELETE no action ON UPDATE no action;