-- Shipping, on PostgreSQL. Keep in step with ../../sqlite/ (see migrations/README.md).
-- Decisions D15: an order may be Shipped, Out for delivery or Returned to origin, has a
-- shipment once it is handed to a courier, and keeps what the courier reported.
ALTER TABLE orders DROP CONSTRAINT orders_status_check;
ALTER TABLE orders ADD CONSTRAINT orders_status_check
    CHECK (status IN ('Pending', 'Confirmed', 'Shipped', 'Out for delivery',
                      'Delivered', 'Cancelled', 'Returned to origin'));
ALTER TABLE order_events DROP CONSTRAINT order_events_status_check;
ALTER TABLE order_events ADD CONSTRAINT order_events_status_check
    CHECK (status IN ('Pending', 'Confirmed', 'Shipped', 'Out for delivery',
                      'Delivered', 'Cancelled', 'Returned to origin'));

-- An order's parcel: who carries it and its air waybill. A later courier adapter adds the
-- columns it resumes a booking from.
CREATE TABLE shipments (
    order_id     TEXT      NOT NULL,
    courier      TEXT      NOT NULL,
    awb          TEXT      NOT NULL,
    tracking_url TEXT,
    shipped_at   TIMESTAMP NOT NULL,
    -- A date, YYYY-MM-DD: the courier's estimate.
    expected_by  TEXT,
    delivered_at TIMESTAMP,
    created_at   TIMESTAMP NOT NULL,
    updated_at   TIMESTAMP NOT NULL,
    CONSTRAINT shipments_pkey PRIMARY KEY (order_id),
    CONSTRAINT shipments_order_id_fkey FOREIGN KEY (order_id) REFERENCES orders (id) ON DELETE CASCADE
);
-- The courier's webhook finds the order by its AWB. Not unique: two couriers may print the
-- same number.
CREATE INDEX shipments_awb_idx ON shipments (awb);

-- What the courier reported: our own status text for a lifecycle step, or the courier's.
CREATE TABLE shipment_events (
    order_id    TEXT      NOT NULL,
    status      TEXT      NOT NULL,
    at          TIMESTAMP NOT NULL,
    location    TEXT,
    note        TEXT,
    recorded_at TIMESTAMP NOT NULL,
    CONSTRAINT shipment_events_order_id_fkey FOREIGN KEY (order_id) REFERENCES shipments (order_id) ON DELETE CASCADE,
    -- A report is stored once, however often the courier sends it.
    CONSTRAINT shipment_events_order_id_status_at_key UNIQUE (order_id, status, at)
);
