-- The rollups (order statistics, and the daily rates of rate_daily) group by the calendar day of the
-- display time zone (DISPLAY_TIME_ZONE).
-- The zone is no longer written here: the server stores the configured one in the settings row
-- 'display_time_zone' at start (db/display-time-zone.ts), rebuilding the rollups when it changes, and
-- the triggers read it from there. Without the row, Europe/London (the setting's default).
CREATE OR REPLACE FUNCTION bureau_display_day(at timestamptz) RETURNS date LANGUAGE sql STABLE AS $$
  SELECT (at AT TIME ZONE coalesce((SELECT value #>> '{}' FROM settings WHERE key = 'display_time_zone'), 'Europe/London'))::date
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bureau_order_stats_add(o orders, sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_status_totals (status, shard, orders)
    VALUES (o.status, bureau_stats_shard(o.id), sign)
    ON CONFLICT (status, shard) DO UPDATE SET orders = order_status_totals.orders + EXCLUDED.orders;
  INSERT INTO order_daily_stats (day, way, branch_key, status, shard, orders, gbp_minor)
    VALUES (bureau_display_day(o.created_at), o.way, o.branch_key, o.status, bureau_stats_shard(o.id), sign, sign * o.total_gbp_minor)
    ON CONFLICT (day, way, branch_key, status, shard) DO UPDATE
      SET orders = order_daily_stats.orders + EXCLUDED.orders, gbp_minor = order_daily_stats.gbp_minor + EXCLUDED.gbp_minor;
  INSERT INTO currency_daily_stats (day, currency_code, status, shard, lines, gbp_minor)
    SELECT bureau_display_day(o.created_at), l.currency_code, o.status, bureau_stats_shard(o.id), sign * count(*), sign * sum(l.gbp_minor)
    FROM order_lines l WHERE l.order_id = o.id GROUP BY l.currency_code
    ON CONFLICT (day, currency_code, status, shard) DO UPDATE
      SET lines = currency_daily_stats.lines + EXCLUDED.lines, gbp_minor = currency_daily_stats.gbp_minor + EXCLUDED.gbp_minor;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bureau_order_lines_stats_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE o orders;
BEGIN
  SELECT * INTO o FROM orders WHERE id = NEW.order_id;
  INSERT INTO currency_daily_stats (day, currency_code, status, shard, lines, gbp_minor)
    VALUES (bureau_display_day(o.created_at), NEW.currency_code, o.status, bureau_stats_shard(o.id), 1, NEW.gbp_minor)
    ON CONFLICT (day, currency_code, status, shard) DO UPDATE
      SET lines = currency_daily_stats.lines + 1, gbp_minor = currency_daily_stats.gbp_minor + EXCLUDED.gbp_minor;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bureau_rebuild_stats() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_status_totals;
  DELETE FROM order_daily_stats;
  DELETE FROM currency_daily_stats;
  INSERT INTO order_status_totals (status, shard, orders)
    SELECT status, bureau_stats_shard(id), count(*) FROM orders GROUP BY 1, 2;
  INSERT INTO order_daily_stats (day, way, branch_key, status, shard, orders, gbp_minor)
    SELECT bureau_display_day(created_at), way, branch_key, status, bureau_stats_shard(id), count(*), sum(total_gbp_minor)
    FROM orders GROUP BY 1, 2, 3, 4, 5;
  INSERT INTO currency_daily_stats (day, currency_code, status, shard, lines, gbp_minor)
    SELECT bureau_display_day(o.created_at), l.currency_code, o.status, bureau_stats_shard(o.id), count(*), sum(l.gbp_minor)
    FROM order_lines l JOIN orders o ON o.id = l.order_id GROUP BY 1, 2, 3, 4;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bureau_rate_daily_add(h rate_history) RETURNS void LANGUAGE plpgsql AS $$
DECLARE own boolean := h.sell_margin IS NOT NULL AND h.buy_margin IS NOT NULL;
BEGIN
  INSERT INTO rate_daily (currency_code, day, rate, rate_at, own_rate, sell_margin, buy_margin, own_at)
    VALUES (h.currency_code, bureau_display_day(h.recorded_at), h.rate, h.recorded_at,
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
-- Rebuilds the daily rate rollup from the readings, oldest first (after the display zone changed).
CREATE OR REPLACE FUNCTION bureau_rebuild_rate_daily() RETURNS void LANGUAGE plpgsql AS $$
DECLARE h rate_history;
BEGIN
  DELETE FROM rate_daily;
  FOR h IN SELECT * FROM rate_history ORDER BY recorded_at, id LOOP
    PERFORM bureau_rate_daily_add(h);
  END LOOP;
END
$$;
--> statement-breakpoint
DROP FUNCTION bureau_london_day(timestamptz);
