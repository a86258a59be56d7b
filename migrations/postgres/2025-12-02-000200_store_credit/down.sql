-- Store credit, on PostgreSQL. Keep in step with ../../sqlite/ (see migrations/README.md).
ALTER TABLE checkout_intents DROP COLUMN credit_used;
ALTER TABLE orders DROP COLUMN credit_used;
DROP INDEX store_credit_entries_user_id_created_at_idx;
DROP TABLE store_credit_entries;
DROP TABLE store_credit_balances;
