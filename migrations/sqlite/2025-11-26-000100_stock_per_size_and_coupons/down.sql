ALTER TABLE checkout_intents DROP COLUMN coupon_code;
DROP INDEX orders_coupon_id_user_id_idx;
ALTER TABLE orders DROP COLUMN coupon_id;
ALTER TABLE orders DROP COLUMN coupon_code;
ALTER TABLE orders DROP COLUMN discount_rupees;
ALTER TABLE orders DROP COLUMN subtotal_rupees;
DROP TABLE coupons;
ALTER TABLE product_variants DROP COLUMN stock;
