-- Cash on delivery, on SQLite. Keep in step with ../../postgres/ (see migrations/README.md).
-- Decisions D8. Every order so far was paid online.
ALTER TABLE orders ADD COLUMN payment_method TEXT NOT NULL DEFAULT 'online'
    CONSTRAINT orders_payment_method_check CHECK (payment_method IN ('online', 'cod'));
ALTER TABLE orders ADD COLUMN paid BOOLEAN NOT NULL DEFAULT TRUE;
-- The shopper's Idempotency-Key of a cash-on-delivery order: the same key from the same
-- account is the same order.
ALTER TABLE orders ADD COLUMN cod_key TEXT;
CREATE UNIQUE INDEX orders_user_id_cod_key_key ON orders (user_id, cod_key);
