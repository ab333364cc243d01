CREATE TABLE "rate_daily" (
	"currency_code" varchar(3) NOT NULL,
	"day" date NOT NULL,
	"rate" numeric(20, 8) NOT NULL,
	"rate_at" timestamp with time zone NOT NULL,
	"own_rate" numeric(20, 8),
	"sell_margin" numeric(6, 2),
	"buy_margin" numeric(6, 2),
	"own_at" timestamp with time zone,
	CONSTRAINT "rate_daily_currency_code_day_pk" PRIMARY KEY("currency_code","day")
);
--> statement-breakpoint
ALTER TABLE "rate_history" ADD COLUMN "sell_margin" numeric(6, 2);--> statement-breakpoint
ALTER TABLE "rate_history" ADD COLUMN "buy_margin" numeric(6, 2);--> statement-breakpoint
CREATE INDEX "rate_daily_own_idx" ON "rate_daily" USING btree ("currency_code","day") WHERE "rate_daily"."own_rate" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "rate_history_reference_key" ON "rate_history" USING btree ("currency_code","recorded_at") WHERE "rate_history"."source" = 'ecb';--> statement-breakpoint
-- The daily rollup of rate_history (see rateDaily in schema.ts). A reading replaces the day's market
-- rate when it is the latest of the day, and the day's own rate when it carries our margins and is the
-- latest such reading; an imported reference rate never hides what we charged that day.
CREATE OR REPLACE FUNCTION bureau_rate_daily_add(h rate_history) RETURNS void LANGUAGE plpgsql AS $$
DECLARE own boolean := h.sell_margin IS NOT NULL AND h.buy_margin IS NOT NULL;
BEGIN
  INSERT INTO rate_daily (currency_code, day, rate, rate_at, own_rate, sell_margin, buy_margin, own_at)
    VALUES (h.currency_code, bureau_london_day(h.recorded_at), h.rate, h.recorded_at,
      CASE WHEN own THEN h.rate END, CASE WHEN own THEN h.sell_margin END, CASE WHEN own THEN h.buy_margin END,
      CASE WHEN own THEN h.recorded_at END)
    ON CONFLICT (currency_code, day) DO UPDATE SET
      rate = CASE WHEN EXCLUDED.rate_at >= rate_daily.rate_at THEN EXCLUDED.rate ELSE rate_daily.rate END,
      rate_at = GREATEST(EXCLUDED.rate_at, rate_daily.rate_at),
      own_rate = CASE WHEN EXCLUDED.own_at >= coalesce(rate_daily.own_at, '-infinity') THEN EXCLUDED.own_rate ELSE rate_daily.own_rate END,
      sell_margin = CASE WHEN EXCLUDED.own_at >= coalesce(rate_daily.own_at, '-infinity') THEN EXCLUDED.sell_margin ELSE rate_daily.sell_margin END,
      buy_margin = CASE WHEN EXCLUDED.own_at >= coalesce(rate_daily.own_at, '-infinity') THEN EXCLUDED.buy_margin ELSE rate_daily.buy_margin END,
      own_at = CASE WHEN EXCLUDED.own_at >= coalesce(rate_daily.own_at, '-infinity') THEN EXCLUDED.own_at ELSE rate_daily.own_at END;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bureau_rate_history_daily_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bureau_rate_daily_add(NEW);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER rate_history_daily AFTER INSERT ON rate_history
  FOR EACH ROW EXECUTE FUNCTION bureau_rate_history_daily_trigger();
--> statement-breakpoint
-- Readings recorded before this migration carry no margins (they were not recorded): they give the
-- market line only, and our own lines start with the next reading.
DO $$
DECLARE h rate_history;
BEGIN
  FOR h IN SELECT * FROM rate_history ORDER BY recorded_at, id LOOP
    PERFORM bureau_rate_daily_add(h);
  END LOOP;
END
$$;
