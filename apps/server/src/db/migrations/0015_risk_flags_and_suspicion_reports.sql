-- Risk flags and internal suspicion reports (decision 023): a row per rule that fired at placement, and the reports only the MLRO reads.
CREATE TABLE "order_risk_flags" (
	"order_id" uuid NOT NULL,
	"rule" text NOT NULL,
	"detail" text NOT NULL,
	"flagged_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_risk_flags_order_id_rule_pk" PRIMARY KEY("order_id","rule")
);
--> statement-breakpoint
CREATE TABLE "suspicion_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"text" text NOT NULL,
	"raised_by_id" text,
	"raised_by" text NOT NULL,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" text,
	"close_reason" text
);
--> statement-breakpoint
ALTER TABLE "order_risk_flags" ADD CONSTRAINT "order_risk_flags_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suspicion_reports" ADD CONSTRAINT "suspicion_reports_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_risk_flags_flagged_idx" ON "order_risk_flags" USING btree ("flagged_at");--> statement-breakpoint
CREATE INDEX "suspicion_reports_order_idx" ON "suspicion_reports" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "suspicion_reports_raised_idx" ON "suspicion_reports" USING btree ("raised_at" DESC NULLS LAST,"id" DESC NULLS LAST);