-- Stock per size and coupons, on SQLite. Keep in step with ../../postgres/ (see migrations/README.md).
-- Decisions D7. A variant's stock: NULL while the product keeps one pool
-- (products.quantity), a count per size once the product tracks sizes; products.quantity is
-- then the sum. Every existing product stays pooled with its stock unchanged.
ALTER TABLE product_variants ADD COLUMN stock INTEGER CONSTRAINT product_variants_stock_check CHECK (stock >= 0);

-- Codes are stored upper case, so the unique rule ignores case.
CREATE TABLE coupons (
    id                TEXT      NOT NULL PRIMARY KEY,
    code              TEXT      NOT NULL CONSTRAINT coupons_code_key UNIQUE,
    kind              TEXT      NOT NULL CONSTRAINT coupons_kind_check CHECK (kind IN ('percent', 'amount')),
    value             BIGINT    NOT NULL CONSTRAINT coupons_value_check CHECK (value >= 1),
    min_order_rupees  BIGINT    NOT NULL CONSTRAINT coupons_min_order_rupees_check CHECK (min_order_rupees >= 0),
    starts_at         TIMESTAMP NOT NULL,
    ends_at           TIMESTAMP NOT NULL,
    max_uses          BIGINT    CONSTRAINT coupons_max_uses_check CHECK (max_uses >= 1),
    max_uses_per_user BIGINT    CONSTRAINT coupons_max_uses_per_user_check CHECK (max_uses_per_user >= 1),
    -- Orders not cancelled that use it: taken in the order's transaction, given back on cancel.
    used              BIGINT    NOT NULL DEFAULT 0 CONSTRAINT coupons_used_check CHECK (used >= 0),
    created_at        TIMESTAMP NOT NULL
);

-- What an order cost before its coupon; existing orders had none.
ALTER TABLE orders ADD COLUMN subtotal_rupees BIGINT NOT NULL DEFAULT 0;
UPDATE orders SET subtotal_rupees = amount_rupees;
ALTER TABLE orders ADD COLUMN discount_rupees BIGINT NOT NULL DEFAULT 0;
-- The code as the shopper used it, kept when the coupon is deleted; the id (no foreign key)
-- gives the use back on cancel while the coupon exists.
ALTER TABLE orders ADD COLUMN coupon_code TEXT;
ALTER TABLE orders ADD COLUMN coupon_id TEXT;
-- One shopper's uses of one coupon, counted for maxUsesPerUser.
CREATE INDEX orders_coupon_id_user_id_idx ON orders (coupon_id, user_id);

-- The coupon a payment was started with, so the webhook prices the stored cart the same way.
ALTER TABLE checkout_intents ADD COLUMN coupon_code TEXT;
