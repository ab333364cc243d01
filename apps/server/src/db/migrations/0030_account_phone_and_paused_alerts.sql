-- The profile's phone number (My account): the order form starts from it.
ALTER TABLE "users" ADD COLUMN "phone" text;--> statement-breakpoint
-- A customer may pause an alert of theirs (My rate alerts): it watches no rate until switched back on.
ALTER TABLE "rate_alerts" ADD COLUMN "paused_at" timestamp with time zone;--> statement-breakpoint
-- A paused alert still waits: it holds a place of its address's cap, and an unsubscribe stops it.
DROP INDEX "rate_alerts_waiting_email_idx";--> statement-breakpoint
CREATE INDEX "rate_alerts_waiting_email_idx" ON "rate_alerts" USING btree (lower("email")) WHERE "rate_alerts"."status" in ('pending', 'active', 'paused');
