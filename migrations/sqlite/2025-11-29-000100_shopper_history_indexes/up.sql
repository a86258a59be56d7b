-- Indexes that keep checkout as cheap for a shopper with 20,000 past orders as for a new one, on SQLite. Keep in step with ../../postgres/ (see migrations/README.md).
-- Decisions D18: a payment's intent is found among the shopper's latest by (user_id, created_at),
-- which this index answers without sorting all of the shopper's intents; it leads with user_id,
-- so it also serves what checkout_intents_user_id_idx did (unlinking a deleted account's intents).
CREATE INDEX checkout_intents_user_id_created_at_idx ON checkout_intents (user_id, created_at, provider_order_id);
DROP INDEX checkout_intents_user_id_idx;
-- The open cash-on-delivery orders a shopper may have (decisions D8) are counted among their
-- unpaid orders only, not among every order they ever placed.
CREATE INDEX orders_user_id_paid_idx ON orders (user_id, paid);
