-- Replacement orders of size exchanges, on PostgreSQL. Keep in step with ../../sqlite/ (see migrations/README.md).
ALTER TABLE returns DROP COLUMN replacement_order_id;
