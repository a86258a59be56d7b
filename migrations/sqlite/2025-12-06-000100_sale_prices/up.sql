-- Exact selling prices, on SQLite. Keep in step with ../../postgres/ (see migrations/README.md).
-- Decisions D36: each size sells at an exact price in paise and price_paise is its MRP; the
-- stored discount is derived from the two. Every size and order line made before sells and
-- was charged at its price less its discount, rounded down to the paisa, as the code did.
ALTER TABLE product_variants ADD COLUMN sale_price_paise BIGINT NOT NULL DEFAULT 0;
UPDATE product_variants SET sale_price_paise = price_paise * (100 - discount) / 100;
ALTER TABLE order_lines ADD COLUMN sale_price_paise BIGINT NOT NULL DEFAULT 0;
UPDATE order_lines SET sale_price_paise = unit_price_paise * (100 - discount) / 100;
