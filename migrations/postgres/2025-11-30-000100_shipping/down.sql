-- Reverses up.sql on PostgreSQL: the courier's tables go, and orders and their events keep
-- the four statuses there were. An order on its way is Confirmed again and one that came back
-- is Cancelled (its stock and coupon use were given back when it did).
DROP TABLE shipment_events;
DROP TABLE shipments;
UPDATE orders SET status = CASE status WHEN 'Returned to origin' THEN 'Cancelled' ELSE 'Confirmed' END
    WHERE status IN ('Shipped', 'Out for delivery', 'Returned to origin');
UPDATE order_events SET status = CASE status WHEN 'Returned to origin' THEN 'Cancelled' ELSE 'Confirmed' END
    WHERE status IN ('Shipped', 'Out for delivery', 'Returned to origin');
ALTER TABLE order_events DROP CONSTRAINT order_events_status_check;
ALTER TABLE order_events ADD CONSTRAINT order_events_status_check
    CHECK (status IN ('Pending', 'Confirmed', 'Delivered', 'Cancelled'));
ALTER TABLE orders DROP CONSTRAINT orders_status_check;
ALTER TABLE orders ADD CONSTRAINT orders_status_check
    CHECK (status IN ('Pending', 'Confirmed', 'Delivered', 'Cancelled'));
