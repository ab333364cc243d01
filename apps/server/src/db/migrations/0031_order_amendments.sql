-- A Pending order amended by its customer before acceptance (issue 34 item 8, docs/features/amend-order.md).
-- The order keeps its current lines in order_lines; each amendment records the lines, branch and total
-- it replaced and those it set (no personal data), and the customer's confirmation key, unique per
-- order, so that a confirmation sent twice amends once.
CREATE TABLE "order_amendments" (
  "id" uuid PRIMARY KEY NOT NULL,
  "order_id" uuid NOT NULL REFERENCES "orders"("id"),
  "idempotency_key" text NOT NULL,
  "amended_at" timestamp with time zone NOT NULL,
  "before" jsonb NOT NULL,
  "after" jsonb NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "order_amendments_order_key" ON "order_amendments" ("order_id", "idempotency_key");
