-- Shipping, on SQLite. Keep in step with ../../postgres/ (see migrations/README.md).
-- Decisions D15: an order may be Shipped, Out for delivery or Returned to origin, has a
-- shipment once it is handed to a courier, and keeps what the courier reported.
--
-- SQLite cannot alter a CHECK: orders and its two children are rebuilt, every column, name
-- and index kept (as 2025-11-24-000100 does). The children move to new tables first, so that
-- dropping the old orders cascades to nothing; renaming the new orders table then points the
-- new children's references at it. The columns added since the first migration stay last,
-- plain and without comments, as ADD COLUMN made them: their migrations' down.sql drop them
-- with DROP COLUMN, which SQLite refuses for a column a table constraint names and garbles
-- beside a comment.
CREATE TABLE orders_new (
    id                TEXT      NOT NULL PRIMARY KEY,
    user_id           TEXT      CONSTRAINT orders_user_id_fkey REFERENCES users (id) ON DELETE SET NULL,
    -- The buyer's name at the time of the order, shown once their account is gone.
    user_name         TEXT      NOT NULL,
    address           TEXT      NOT NULL,
    pincode           TEXT      NOT NULL,
    amount_rupees     BIGINT    NOT NULL CONSTRAINT orders_amount_rupees_check CHECK (amount_rupees >= 0),
    -- One order per payment: the browser's call and the webhook race on this.
    payment_id        TEXT      NOT NULL CONSTRAINT orders_payment_id_key UNIQUE,
    provider_order_id TEXT      NOT NULL,
    status            TEXT      NOT NULL CONSTRAINT orders_status_check
                                CHECK (status IN ('Pending', 'Confirmed', 'Shipped', 'Out for delivery',
                                                  'Delivered', 'Cancelled', 'Returned to origin')),
    refund_id         TEXT,
    refund_status     TEXT,
    created_at        TIMESTAMP NOT NULL,
    updated_at        TIMESTAMP NOT NULL,
    subtotal_rupees   BIGINT    NOT NULL DEFAULT 0,
    discount_rupees   BIGINT    NOT NULL DEFAULT 0,
    coupon_code       TEXT,
    coupon_id         TEXT,
    payment_method    TEXT      NOT NULL DEFAULT 'online'
                                CONSTRAINT orders_payment_method_check CHECK (payment_method IN ('online', 'cod')),
    paid              BOOLEAN   NOT NULL DEFAULT TRUE,
    cod_key           TEXT,
    state             TEXT,
    invoice_no        TEXT
);
INSERT INTO orders_new
    SELECT id, user_id, user_name, address, pincode, amount_rupees, payment_id, provider_order_id,
           status, refund_id, refund_status, created_at, updated_at, subtotal_rupees,
           discount_rupees, coupon_code, coupon_id, payment_method, paid, cod_key, state, invoice_no
    FROM orders;

CREATE TABLE order_lines_new (
    order_id         TEXT    NOT NULL CONSTRAINT order_lines_order_id_fkey REFERENCES orders_new (id) ON DELETE CASCADE,
    position         INTEGER NOT NULL CONSTRAINT order_lines_position_check CHECK (position >= 0),
    product_id       TEXT    NOT NULL,
    name             TEXT    NOT NULL,
    category_name    TEXT    NOT NULL,
    variant_index    INTEGER NOT NULL CONSTRAINT order_lines_variant_index_check CHECK (variant_index >= 0),
    variant_label    TEXT,
    unit_price_paise BIGINT  NOT NULL CONSTRAINT order_lines_unit_price_paise_check CHECK (unit_price_paise >= 0),
    discount         INTEGER NOT NULL CONSTRAINT order_lines_discount_check CHECK (discount BETWEEN 0 AND 100),
    quantity         INTEGER NOT NULL CONSTRAINT order_lines_quantity_check CHECK (quantity > 0),
    hsn              TEXT,
    gst_rate         INTEGER,
    CONSTRAINT order_lines_pkey PRIMARY KEY (order_id, position)
);
INSERT INTO order_lines_new
    SELECT order_id, position, product_id, name, category_name, variant_index, variant_label,
           unit_price_paise, discount, quantity, hsn, gst_rate
    FROM order_lines;

CREATE TABLE order_events_new (
    order_id TEXT      NOT NULL CONSTRAINT order_events_order_id_fkey REFERENCES orders_new (id) ON DELETE CASCADE,
    position INTEGER   NOT NULL CONSTRAINT order_events_position_check CHECK (position >= 0),
    status   TEXT      NOT NULL CONSTRAINT order_events_status_check
                       CHECK (status IN ('Pending', 'Confirmed', 'Shipped', 'Out for delivery',
                                         'Delivered', 'Cancelled', 'Returned to origin')),
    actor_id TEXT,
    at       TIMESTAMP NOT NULL,
    CONSTRAINT order_events_pkey PRIMARY KEY (order_id, position)
);
INSERT INTO order_events_new
    SELECT order_id, position, status, actor_id, at
    FROM order_events;

DROP TABLE order_events;
DROP TABLE order_lines;
DROP TABLE orders;
ALTER TABLE orders_new RENAME TO orders;
ALTER TABLE order_lines_new RENAME TO order_lines;
ALTER TABLE order_events_new RENAME TO order_events;
CREATE INDEX orders_user_id_created_at_idx ON orders (user_id, created_at);
CREATE INDEX orders_status_idx ON orders (status);
CREATE INDEX orders_provider_order_id_idx ON orders (provider_order_id);
CREATE INDEX orders_created_at_status_amount_idx ON orders (created_at, status, amount_rupees);
CREATE INDEX orders_coupon_id_user_id_idx ON orders (coupon_id, user_id);
CREATE UNIQUE INDEX orders_user_id_cod_key_key ON orders (user_id, cod_key);
CREATE UNIQUE INDEX orders_invoice_no_key ON orders (invoice_no);
CREATE INDEX orders_user_id_paid_idx ON orders (user_id, paid);
CREATE INDEX order_lines_product_id_idx ON order_lines (product_id);

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
