-- Customer identity for linked totals (decision 018). The two keys are stored generated columns: adding
-- them computes them for every existing order (the backfill), and the database keeps them for every row
-- written afterwards, whichever code writes it.
ALTER TABLE "orders" ADD COLUMN "email_key" text GENERATED ALWAYS AS (nullif(lower(btrim(email)), '')) STORED;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "phone_key" text GENERATED ALWAYS AS (nullif(regexp_replace(regexp_replace(regexp_replace(regexp_replace(phone, '[^0-9]', '', 'g'), '^00', ''), '^0', '44'), '^440', '44'), '')) STORED;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "enhanced_due_diligence" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "hold_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "hold_cleared_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "hold_cleared_by" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "hold_clear_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_address" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_date_of_birth" date;--> statement-breakpoint
CREATE INDEX "orders_email_key_created_idx" ON "orders" USING btree ("email_key","created_at");--> statement-breakpoint
CREATE INDEX "orders_phone_key_created_idx" ON "orders" USING btree ("phone_key","created_at");--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at") WHERE "orders"."user_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_on_hold_idx" ON "orders" USING btree ("created_at") WHERE "orders"."hold_reason" IS NOT NULL AND "orders"."hold_cleared_at" IS NULL;