-- COD confirmation, on SQLite. Keep in step with ../../postgres/ (see migrations/README.md).
-- Decisions D39: whether the buyer confirmed a cash-on-delivery order (NULL for online and
-- replacement orders and orders placed before the question), when the reminder was taken
-- (set once, by the instance whose conditional update set it), and the answers' events.
ALTER TABLE orders ADD COLUMN cod_confirmation TEXT NULL;
ALTER TABLE orders ADD COLUMN cod_reminded_at TIMESTAMP NULL;
CREATE INDEX orders_cod_confirmation_idx ON orders (cod_confirmation, created_at);

CREATE TABLE order_cod_events (
    order_id TEXT      NOT NULL CONSTRAINT order_cod_events_order_id_fkey
                                REFERENCES orders (id) ON DELETE CASCADE,
    -- The timeline's words: Confirmed on WhatsApp, Confirmed by link, Cancelled on WhatsApp, ...
    event    TEXT      NOT NULL,
    at       TIMESTAMP NOT NULL,
    -- Each at most once per order: a repeated answer adds nothing.
    CONSTRAINT order_cod_events_pkey PRIMARY KEY (order_id, event)
);
