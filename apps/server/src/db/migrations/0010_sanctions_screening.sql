CREATE TABLE "sanctions_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" text NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"imported_by" text NOT NULL,
	"entry_count" integer NOT NULL,
	"name_count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sanctions_names" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"list_id" uuid NOT NULL,
	"entry_id" text NOT NULL,
	"name" text NOT NULL,
	"name_type" text NOT NULL,
	"designation_type" text NOT NULL,
	"regime" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sanctions_screenings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"list_id" uuid NOT NULL,
	"screened_name" text NOT NULL,
	"score" numeric(4, 3) NOT NULL,
	"result" text NOT NULL,
	"matched_entry_id" text,
	"matched_name" text,
	"occasion" text NOT NULL,
	"screened_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sanctions_names" ADD CONSTRAINT "sanctions_names_list_id_sanctions_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."sanctions_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sanctions_screenings" ADD CONSTRAINT "sanctions_screenings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sanctions_screenings" ADD CONSTRAINT "sanctions_screenings_list_id_sanctions_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."sanctions_lists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sanctions_lists_imported_idx" ON "sanctions_lists" USING btree ("imported_at");--> statement-breakpoint
CREATE INDEX "sanctions_names_list_idx" ON "sanctions_names" USING btree ("list_id","entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sanctions_screenings_order_list_key" ON "sanctions_screenings" USING btree ("order_id","list_id");--> statement-breakpoint
CREATE INDEX "sanctions_screenings_match_idx" ON "sanctions_screenings" USING btree ("screened_at") WHERE "sanctions_screenings"."result" = 'match';