-- Reverse pickups of returns, on PostgreSQL. Keep in step with ../../sqlite/ (see migrations/README.md).
DROP INDEX returns_pickup_awb_idx;
ALTER TABLE returns DROP COLUMN arrived_at;
ALTER TABLE returns DROP COLUMN pickup_tracking_url;
ALTER TABLE returns DROP COLUMN pickup_awb;
ALTER TABLE returns DROP COLUMN pickup_courier;
