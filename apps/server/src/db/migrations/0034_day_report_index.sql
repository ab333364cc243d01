-- A branch's orders completed on a day, read by the day's report (its orders, lines, notes and stock at the
-- close): a range of one branch's completions instead of a walk through every order ever placed, which at a
-- million orders is the whole table for every report. Not partial: the status is a bound parameter in those
-- statements, which does not prove a partial index's condition to PostgreSQL.
CREATE INDEX "orders_branch_status_completed_idx" ON "orders" USING btree ("branch_key", "status", "completed_at");
