-- A customer's placements in sequence (issue 16 item 3): each order written by a placement takes the next
-- place after the highest its placement read, per e-mail key and per phone key, and the unique indexes let
-- only one of two placements that read the same orders be written (modules/compliance/assess-placement.ts).
-- Orders placed before this version keep null: the indexes leave them out.
ALTER TABLE "orders" ADD COLUMN "email_seq" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "phone_seq" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_email_seq_key" ON "orders" USING btree ("email_key","email_seq") WHERE "orders"."email_seq" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_phone_seq_key" ON "orders" USING btree ("phone_key","phone_seq") WHERE "orders"."phone_seq" IS NOT NULL;