-- Reverses up.sql on PostgreSQL.
CREATE INDEX orders_created_at_idx ON orders (created_at);
DROP INDEX orders_created_at_status_amount_idx;
