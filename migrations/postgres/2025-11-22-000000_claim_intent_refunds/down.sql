-- Reverses up.sql on PostgreSQL.
DROP INDEX orders_provider_order_id_idx;
ALTER TABLE checkout_intents DROP COLUMN refund_claimed_at;
ALTER TABLE checkout_intents DROP COLUMN refund_id;
ALTER TABLE checkout_intents DROP COLUMN refund_payment_id;
