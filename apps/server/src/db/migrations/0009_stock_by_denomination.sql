CREATE TABLE "order_notes" (
	"order_id" uuid NOT NULL,
	"currency_code" varchar(3) NOT NULL,
	"denomination_minor" bigint NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "order_notes_order_id_currency_code_denomination_minor_pk" PRIMARY KEY("order_id","currency_code","denomination_minor")
);
--> statement-breakpoint
CREATE TABLE "stock_currencies" (
	"branch_key" text NOT NULL,
	"currency_code" varchar(3) NOT NULL,
	"tracked" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_currencies_branch_key_currency_code_pk" PRIMARY KEY("branch_key","currency_code")
);
--> statement-breakpoint
CREATE TABLE "stock_notes" (
	"branch_key" text NOT NULL,
	"currency_code" varchar(3) NOT NULL,
	"denomination_minor" bigint NOT NULL,
	"count" integer NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stock_notes_branch_key_currency_code_denomination_minor_pk" PRIMARY KEY("branch_key","currency_code","denomination_minor"),
	CONSTRAINT "stock_notes_free" CHECK ("stock_notes"."reserved" >= 0 and "stock_notes"."count" >= "stock_notes"."reserved")
);
--> statement-breakpoint
ALTER TABLE "order_notes" ADD CONSTRAINT "order_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_currencies" ADD CONSTRAINT "stock_currencies_branch_key_branches_key_fk" FOREIGN KEY ("branch_key") REFERENCES "public"."branches"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_currencies" ADD CONSTRAINT "stock_currencies_currency_code_currencies_code_fk" FOREIGN KEY ("currency_code") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_notes" ADD CONSTRAINT "stock_notes_branch_key_currency_code_stock_currencies_branch_key_currency_code_fk" FOREIGN KEY ("branch_key","currency_code") REFERENCES "public"."stock_currencies"("branch_key","currency_code") ON DELETE no action ON UPDATE no action;