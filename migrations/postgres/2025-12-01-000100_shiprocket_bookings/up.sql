-- The Shiprocket adapter's memory, on PostgreSQL. Keep in step with ../../sqlite/ (see migrations/README.md).
-- What the adapter has done so far for one of our orders (decisions D20): each step saved as
-- it completes, so a repeat resumes and never creates a second Shiprocket order. No foreign
-- key to orders: a later rebuild of orders on SQLite need not rebuild this table.
CREATE TABLE shiprocket_bookings (
    order_id            TEXT      NOT NULL,
    shiprocket_order_id BIGINT,
    shipment_id         BIGINT,
    awb                 TEXT,
    courier_name        TEXT,
    expected_by         TEXT,
    label_url           TEXT,
    label_pdf           BYTEA,
    pickup_requested    BOOLEAN   NOT NULL DEFAULT FALSE,
    updated_at          TIMESTAMP NOT NULL,
    CONSTRAINT shiprocket_bookings_pkey PRIMARY KEY (order_id)
);
