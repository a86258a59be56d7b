-- Reverse pickups of returns, on SQLite. Keep in step with ../../postgres/ (see migrations/README.md).
DROP INDEX returns_pickup_awb_idx;
ALTER TABLE returns DROP COLUMN arrived_at;
ALTER TABLE returns DROP COLUMN pickup_tracking_url;
ALTER TABLE returns DROP COLUMN pickup_awb;
ALTER TABLE returns DROP COLUMN pickup_courier;
