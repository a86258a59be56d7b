-- Replacement orders of size exchanges, on PostgreSQL. Keep in step with ../../sqlite/ (see migrations/README.md).
-- Decisions D24: the order that ships an exchange's new pairs, made when the old ones are
-- picked up; NULL until then, and for a return of refunds only. Plain, without a foreign
-- key, so that down.sql can drop it on SQLite (orders are never deleted).
ALTER TABLE returns ADD COLUMN replacement_order_id TEXT;
