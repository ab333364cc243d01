-- Retention and data rights (decision 022): when the retention job anonymised an order, a contact
-- message or an outbox message, indexes for finding what is due, and the contact messages' identity keys
-- (the same generated definitions as the orders', decision 018) for subject access exports.
ALTER TABLE "contact_messages" ADD COLUMN "email_key" text GENERATED ALWAYS AS (nullif(lower(btrim(email)), '')) STORED;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "phone_key" text GENERATED ALWAYS AS (nullif(regexp_replace(regexp_replace(regexp_replace(regexp_replace(phone, '[^0-9]', '', 'g'), '^00', ''), '^0', '44'), '^440', '44'), '')) STORED;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "contact_messages_email_key_idx" ON "contact_messages" USING btree ("email_key");--> statement-breakpoint
CREATE INDEX "contact_messages_phone_key_idx" ON "contact_messages" USING btree ("phone_key");--> statement-breakpoint
CREATE INDEX "contact_messages_retention_idx" ON "contact_messages" USING btree ("created_at") WHERE "contact_messages"."anonymised_at" IS NULL;--> statement-breakpoint
CREATE INDEX "orders_retention_idx" ON "orders" USING btree (greatest(completed_at, cancelled_at, expired_at, created_at)) WHERE "orders"."anonymised_at" IS NULL AND "orders"."status" in ('completed', 'cancelled', 'expired');--> statement-breakpoint
CREATE INDEX "outbox_retention_idx" ON "outbox" USING btree ("created_at") WHERE "outbox"."anonymised_at" IS NULL AND "outbox"."status" <> 'pending';--> statement-breakpoint
CREATE INDEX "rate_alerts_email_idx" ON "rate_alerts" USING btree (lower("email"));