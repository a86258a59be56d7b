DROP INDEX orders_user_id_cod_key_key;
ALTER TABLE orders DROP COLUMN cod_key;
ALTER TABLE orders DROP COLUMN paid;
ALTER TABLE orders DROP COLUMN payment_method;
