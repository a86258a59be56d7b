DROP TABLE order_cod_events;
DROP INDEX orders_cod_confirmation_idx;
ALTER TABLE orders DROP COLUMN cod_reminded_at;
ALTER TABLE orders DROP COLUMN cod_confirmation;
