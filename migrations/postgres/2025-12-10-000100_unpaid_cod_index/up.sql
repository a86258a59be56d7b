-- The overview's cash still to collect, on PostgreSQL. Keep in step with ../../sqlite/ (see migrations/README.md).
-- The unpaid cash-on-delivery orders that still stand were found by reading every order the
-- shop ever took; through this index, only those (decisions D35).
CREATE INDEX orders_unpaid_cod_idx ON orders (payment_method, paid, status);
