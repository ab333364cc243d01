-- History's Delete on a completed order archives it (decision 026): two columns, not a status, so the
-- statistics triggers (AFTER UPDATE OF status) and every report keep counting the order.
ALTER TABLE "orders" ADD COLUMN "archived_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "archived_by" text;
