CREATE TABLE "currency_daily_stats" (
	"day" date NOT NULL,
	"currency_code" varchar(3) NOT NULL,
	"status" text NOT NULL,
	"shard" smallint NOT NULL,
	"lines" integer NOT NULL,
	"gbp_minor" bigint NOT NULL,
	CONSTRAINT "currency_daily_stats_day_currency_code_status_shard_pk" PRIMARY KEY("day","currency_code","status","shard")
);
--> statement-breakpoint
CREATE TABLE "order_daily_stats" (
	"day" date NOT NULL,
	"way" text NOT NULL,
	"branch_key" text NOT NULL,
	"status" text NOT NULL,
	"shard" smallint NOT NULL,
	"orders" integer NOT NULL,
	"gbp_minor" bigint NOT NULL,
	CONSTRAINT "order_daily_stats_day_way_branch_key_status_shard_pk" PRIMARY KEY("day","way","branch_key","status","shard")
);
--> statement-breakpoint
CREATE TABLE "order_status_totals" (
	"status" text NOT NULL,
	"shard" smallint NOT NULL,
	"orders" integer NOT NULL,
	CONSTRAINT "order_status_totals_status_shard_pk" PRIMARY KEY("status","shard")
);
--> statement-breakpoint
-- Statistics rollups kept by triggers (see apps/server/src/db/stats-schema.ts).
CREATE OR REPLACE FUNCTION bureau_stats_shard(id uuid) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
  SELECT (abs(hashtext(id::text)) % 8)::smallint
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bureau_london_day(at timestamptz) RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT (at AT TIME ZONE 'Europe/London')::date
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bureau_order_stats_add(o orders, sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_status_totals (status, shard, orders)
    VALUES (o.status, bureau_stats_shard(o.id), sign)
    ON CONFLICT (status, shard) DO UPDATE SET orders = order_status_totals.orders + EXCLUDED.orders;
  INSERT INTO order_daily_stats (day, way, branch_key, status, shard, orders, gbp_minor)
    VALUES (bureau_london_day(o.created_at), o.way, o.branch_key, o.status, bureau_stats_shard(o.id), sign, sign * o.total_gbp_minor)
    ON CONFLICT (day, way, branch_key, status, shard) DO UPDATE
      SET orders = order_daily_stats.orders + EXCLUDED.orders, gbp_minor = order_daily_stats.gbp_minor + EXCLUDED.gbp_minor;
  INSERT INTO currency_daily_stats (day, currency_code, status, shard, lines, gbp_minor)
    SELECT bureau_london_day(o.created_at), l.currency_code, o.status, bureau_stats_shard(o.id), sign * count(*), sign * sum(l.gbp_minor)
    FROM order_lines l WHERE l.order_id = o.id GROUP BY l.currency_code
    ON CONFLICT (day, currency_code, status, shard) DO UPDATE
      SET lines = currency_daily_stats.lines + EXCLUDED.lines, gbp_minor = currency_daily_stats.gbp_minor + EXCLUDED.gbp_minor;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bureau_orders_stats_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bureau_order_stats_add(NEW, 1);
  ELSIF TG_OP = 'UPDATE' AND NEW.status IS DISTINCT FROM OLD.status THEN
    PERFORM bureau_order_stats_add(OLD, -1);
    PERFORM bureau_order_stats_add(NEW, 1);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bureau_order_lines_stats_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE o orders;
BEGIN
  SELECT * INTO o FROM orders WHERE id = NEW.order_id;
  INSERT INTO currency_daily_stats (day, currency_code, status, shard, lines, gbp_minor)
    VALUES (bureau_london_day(o.created_at), NEW.currency_code, o.status, bureau_stats_shard(o.id), 1, NEW.gbp_minor)
    ON CONFLICT (day, currency_code, status, shard) DO UPDATE
      SET lines = currency_daily_stats.lines + 1, gbp_minor = currency_daily_stats.gbp_minor + EXCLUDED.gbp_minor;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_stats AFTER INSERT OR UPDATE OF status ON orders
  FOR EACH ROW EXECUTE FUNCTION bureau_orders_stats_trigger();
--> statement-breakpoint
CREATE TRIGGER order_lines_stats AFTER INSERT ON order_lines
  FOR EACH ROW EXECUTE FUNCTION bureau_order_lines_stats_trigger();
--> statement-breakpoint
-- Rebuilds every rollup from the orders (used here for existing orders, and after bulk loads
-- that ran with triggers disabled).
CREATE OR REPLACE FUNCTION bureau_rebuild_stats() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_status_totals;
  DELETE FROM order_daily_stats;
  DELETE FROM currency_daily_stats;
  INSERT INTO order_status_totals (status, shard, orders)
    SELECT status, bureau_stats_shard(id), count(*) FROM orders GROUP BY 1, 2;
  INSERT INTO order_daily_stats (day, way, branch_key, status, shard, orders, gbp_minor)
    SELECT bureau_london_day(created_at), way, branch_key, status, bureau_stats_shard(id), count(*), sum(total_gbp_minor)
    FROM orders GROUP BY 1, 2, 3, 4, 5;
  INSERT INTO currency_daily_stats (day, currency_code, status, shard, lines, gbp_minor)
    SELECT bureau_london_day(o.created_at), l.currency_code, o.status, bureau_stats_shard(o.id), count(*), sum(l.gbp_minor)
    FROM order_lines l JOIN orders o ON o.id = l.order_id GROUP BY 1, 2, 3, 4;
END
$$;
--> statement-breakpoint
SELECT bureau_rebuild_stats();
--> statement-breakpoint
-- Search indexes of the staff order lists (prefix search by e-mail, name and phone digits).
CREATE INDEX IF NOT EXISTS orders_email_prefix_idx ON orders (lower(email) text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS orders_full_name_prefix_idx ON orders (lower(first_name || ' ' || last_name) text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS orders_last_name_prefix_idx ON orders (lower(last_name) text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS orders_phone_digits_prefix_idx ON orders (regexp_replace(phone, '\D', '', 'g') text_pattern_ops);
