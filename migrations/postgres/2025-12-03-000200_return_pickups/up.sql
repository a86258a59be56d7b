-- Reverse pickups of returns, on PostgreSQL. Keep in step with ../../sqlite/ (see migrations/README.md).
-- Decisions D24: with Shiprocket, approving a return books the courier's collection of its
-- parcel; its courier, AWB and tracking URL are kept on the return, and the tracking webhook
-- finds the return by that AWB. arrived_at: when the courier reported it delivered to the shop.
ALTER TABLE returns ADD COLUMN pickup_courier TEXT;
ALTER TABLE returns ADD COLUMN pickup_awb TEXT;
ALTER TABLE returns ADD COLUMN pickup_tracking_url TEXT;
ALTER TABLE returns ADD COLUMN arrived_at TIMESTAMP;
CREATE INDEX returns_pickup_awb_idx ON returns (pickup_awb);
