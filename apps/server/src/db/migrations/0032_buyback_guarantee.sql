-- The buy-back guarantee (issue 34 item 7, docs/features/buyback-guarantee.md, decision 039).
-- A Click & Collect order may carry the guarantee: its fee (pence, paid at collection on top of the
-- order's sterling, kept apart from it) and its days (from collection, as sold: a later change of
-- BUYBACK_GUARANTEE_DAYS does not shorten a guarantee already bought).
ALTER TABLE "orders" ADD COLUMN "buyback_fee_minor" bigint NOT NULL DEFAULT 0;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyback_days" smallint;--> statement-breakpoint
-- A Click & Sell order (online or at the counter) that sells back under a guarantee: the guaranteed order.
ALTER TABLE "orders" ADD COLUMN "buyback_of_order_id" uuid REFERENCES "orders"("id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_buyback_check" CHECK (
  "buyback_fee_minor" >= 0
  AND ("buyback_days" IS NULL OR ("way" = 'Order' AND "buyback_days" > 0))
  AND ("buyback_days" IS NOT NULL OR "buyback_fee_minor" = 0)
  AND ("buyback_of_order_id" IS NULL OR "way" = 'Sell'));--> statement-breakpoint
CREATE INDEX "orders_buyback_of_idx" ON "orders" ("buyback_of_order_id") WHERE "buyback_of_order_id" IS NOT NULL;--> statement-breakpoint
-- A quote priced at a guaranteed order's rate names that order: the placement uses the guarantee for it.
ALTER TABLE "quotes" ADD COLUMN "buyback_order_id" uuid REFERENCES "orders"("id");--> statement-breakpoint
-- What is left of a guarantee, per currency, from the collection on: the notes bought, the rate they were
-- bought at (the highest of the order's lines of that currency: never a better rate than paid), what
-- guaranteed sales not cancelled or expired have used, and when it ends. A sale's placement adds to
-- used_minor in its one write; the check refuses a second sale of the same remainder.
CREATE TABLE "buyback_remainders" (
  "order_id" uuid NOT NULL REFERENCES "orders"("id"),
  "currency_code" varchar(3) NOT NULL REFERENCES "currencies"("code"),
  "rate" numeric(20, 4) NOT NULL,
  "bought_minor" bigint NOT NULL,
  "used_minor" bigint NOT NULL DEFAULT 0,
  "until" timestamp with time zone NOT NULL,
  CONSTRAINT "buyback_remainders_pkey" PRIMARY KEY ("order_id", "currency_code"),
  CONSTRAINT "buyback_remainders_within" CHECK ("used_minor" >= 0 AND "used_minor" <= "bought_minor")
);--> statement-breakpoint
-- Each guaranteed sale's use of a remainder: what it sold back at the original rate, and for how much.
CREATE TABLE "buyback_uses" (
  "sell_order_id" uuid NOT NULL REFERENCES "orders"("id"),
  "guaranteed_order_id" uuid NOT NULL REFERENCES "orders"("id"),
  "currency_code" varchar(3) NOT NULL,
  "foreign_minor" bigint NOT NULL,
  "gbp_minor" bigint NOT NULL,
  CONSTRAINT "buyback_uses_pkey" PRIMARY KEY ("sell_order_id", "currency_code"),
  CONSTRAINT "buyback_uses_positive" CHECK ("foreign_minor" > 0 AND "gbp_minor" >= 0)
);--> statement-breakpoint
CREATE INDEX "buyback_uses_guaranteed_idx" ON "buyback_uses" ("guaranteed_order_id");--> statement-breakpoint
-- Kept by the database whatever path changes an order's status (staff, the customer, the expiry job, a
-- walk-in trade): a guaranteed order collected starts its remainders; a guaranteed sale cancelled or
-- expired gives back what it used. A sale completed keeps its use.
CREATE OR REPLACE FUNCTION bureau_buyback_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'completed' AND NEW.buyback_days IS NOT NULL THEN
    INSERT INTO buyback_remainders (order_id, currency_code, rate, bought_minor, until)
      SELECT NEW.id, l.currency_code, max(l.rate), sum(l.foreign_minor),
        coalesce(NEW.completed_at, now()) + make_interval(days => NEW.buyback_days)
      FROM order_lines l WHERE l.order_id = NEW.id GROUP BY l.currency_code
      ON CONFLICT (order_id, currency_code) DO NOTHING;
  ELSIF NEW.status IN ('cancelled', 'expired') AND NEW.buyback_of_order_id IS NOT NULL THEN
    UPDATE buyback_remainders r SET used_minor = r.used_minor - u.foreign_minor
      FROM buyback_uses u
      WHERE u.sell_order_id = NEW.id AND r.order_id = u.guaranteed_order_id AND r.currency_code = u.currency_code;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_buyback AFTER UPDATE OF status ON orders
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status AND NEW.status IN ('completed', 'cancelled', 'expired')
    AND OLD.status NOT IN ('completed', 'cancelled', 'expired'))
  EXECUTE FUNCTION bureau_buyback_trigger();
