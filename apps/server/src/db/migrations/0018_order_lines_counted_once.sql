-- An order and its lines written by one statement (a placement's write, since placement became one read
-- and one write) were counted twice in currency_daily_stats: the order's row trigger fires at the end of
-- the statement, found the lines already written and counted them, and each line's own trigger counted it
-- again, so the staff statistics showed every placed order's currencies at twice their volume. A new
-- order's lines are now counted by the lines' trigger alone; the order's trigger moves its lines' counts
-- only when its status changes. The rollups are then rebuilt from the orders.
--
-- bureau_display_day becomes PL/pgSQL, with the same result: as an SQL function with a sub-select it
-- cannot be inlined and was planned again at every call (three calls for each order written, one for each
-- rate reading); PL/pgSQL keeps its plan for the connection.
CREATE OR REPLACE FUNCTION bureau_display_day(at timestamptz) RETURNS date LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (at AT TIME ZONE coalesce((SELECT value #>> '{}' FROM settings WHERE key = 'display_time_zone'), 'Europe/London'))::date;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bureau_order_stats_add(o orders, sign integer, with_lines boolean) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  order_day date := bureau_display_day(o.created_at);
  order_shard smallint := bureau_stats_shard(o.id);
BEGIN
  INSERT INTO order_status_totals (status, shard, orders)
    VALUES (o.status, order_shard, sign)
    ON CONFLICT (status, shard) DO UPDATE SET orders = order_status_totals.orders + EXCLUDED.orders;
  INSERT INTO order_daily_stats (day, way, branch_key, status, shard, orders, gbp_minor)
    VALUES (order_day, o.way, o.branch_key, o.status, order_shard, sign, sign * o.total_gbp_minor)
    ON CONFLICT (day, way, branch_key, status, shard) DO UPDATE
      SET orders = order_daily_stats.orders + EXCLUDED.orders, gbp_minor = order_daily_stats.gbp_minor + EXCLUDED.gbp_minor;
  IF with_lines THEN
    INSERT INTO currency_daily_stats (day, currency_code, status, shard, lines, gbp_minor)
      SELECT order_day, l.currency_code, o.status, order_shard, sign * count(*), sign * sum(l.gbp_minor)
      FROM order_lines l WHERE l.order_id = o.id GROUP BY l.currency_code
      ON CONFLICT (day, currency_code, status, shard) DO UPDATE
        SET lines = currency_daily_stats.lines + EXCLUDED.lines, gbp_minor = currency_daily_stats.gbp_minor + EXCLUDED.gbp_minor;
  END IF;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bureau_orders_stats_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- Its lines are counted by their own trigger (order_lines_stats), whenever they are written.
    PERFORM bureau_order_stats_add(NEW, 1, false);
  ELSIF TG_OP = 'UPDATE' AND NEW.status IS DISTINCT FROM OLD.status THEN
    PERFORM bureau_order_stats_add(OLD, -1, true);
    PERFORM bureau_order_stats_add(NEW, 1, true);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP FUNCTION bureau_order_stats_add(orders, integer);
--> statement-breakpoint
-- Orders placed meanwhile (through another instance during a rolling upgrade) wait for the rebuild, as
-- in 0007, so that none is counted by both the rebuild and its trigger, or by neither.
LOCK TABLE orders, order_lines IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
SELECT bureau_rebuild_stats();
