-- Replacement orders of size exchanges, on SQLite. Keep in step with ../../postgres/ (see migrations/README.md).
ALTER TABLE returns DROP COLUMN replacement_order_id;
