ALTER TABLE order_lines DROP COLUMN sale_price_paise;
ALTER TABLE product_variants DROP COLUMN sale_price_paise;
