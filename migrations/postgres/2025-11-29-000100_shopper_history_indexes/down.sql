-- Reverses up.sql on PostgreSQL.
DROP INDEX orders_user_id_paid_idx;
CREATE INDEX checkout_intents_user_id_idx ON checkout_intents (user_id);
DROP INDEX checkout_intents_user_id_created_at_idx;
