CREATE TABLE "rate_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"currency_code" varchar(3) NOT NULL,
	"target" numeric(20, 8) NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"triggered_at" timestamp with time zone,
	"triggered_rate" numeric(20, 8),
	"unsubscribed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "rate_alerts" ADD CONSTRAINT "rate_alerts_currency_code_currencies_code_fk" FOREIGN KEY ("currency_code") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rate_alerts_active_idx" ON "rate_alerts" USING btree ("currency_code","target") WHERE "rate_alerts"."status" = 'active';--> statement-breakpoint
CREATE INDEX "rate_alerts_waiting_email_idx" ON "rate_alerts" USING btree (lower("email")) WHERE "rate_alerts"."status" in ('pending', 'active');