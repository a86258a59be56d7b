-- Refund claims on checkout intents, on SQLite. Keep in step with ../../postgres/ (see migrations/README.md).
-- A payment whose order cannot be filled is claimed for a refund before the provider is asked;
-- once claimed, no order may be placed for the intent (see CheckoutIntentRepository::claim_refund).

-- The payment being refunded; NULL while no refund was claimed.
ALTER TABLE checkout_intents ADD COLUMN refund_payment_id TEXT;
-- The provider's refund id, once it accepted the refund.
ALTER TABLE checkout_intents ADD COLUMN refund_id TEXT;
-- When the refund was claimed; set together with refund_payment_id.
ALTER TABLE checkout_intents ADD COLUMN refund_claimed_at TIMESTAMP;

-- A refund claim looks for an order of the same provider order.
CREATE INDEX orders_provider_order_id_idx ON orders (provider_order_id);
