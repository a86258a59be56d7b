-- A checkout intent outlives its shopper's account, on SQLite. Keep in step with ../../postgres/ (see migrations/README.md).
-- Deleting an account used to delete its intents (ON DELETE CASCADE), so a payment captured
-- after that could no longer be found to refund. Now the intent stays, without its user.
--
-- SQLite cannot alter a foreign key: both intent tables are rebuilt. The lines move to a new
-- table first, so that dropping the old intents cascades to nothing; renaming the new
-- intents table then points the new lines' reference at it.
CREATE TABLE checkout_intents_new (
    provider_order_id TEXT      NOT NULL PRIMARY KEY,
    receipt           TEXT      NOT NULL CONSTRAINT checkout_intents_receipt_key UNIQUE,
    user_id           TEXT      CONSTRAINT checkout_intents_user_id_fkey REFERENCES users (id) ON DELETE SET NULL,
    amount_rupees     BIGINT    NOT NULL CONSTRAINT checkout_intents_amount_rupees_check CHECK (amount_rupees >= 0),
    address           TEXT      NOT NULL,
    pincode           TEXT      NOT NULL,
    created_at        TIMESTAMP NOT NULL,
    refund_payment_id TEXT,
    refund_id         TEXT,
    refund_claimed_at TIMESTAMP
);
INSERT INTO checkout_intents_new
    SELECT provider_order_id, receipt, user_id, amount_rupees, address, pincode, created_at,
           refund_payment_id, refund_id, refund_claimed_at
    FROM checkout_intents;

CREATE TABLE checkout_intent_lines_new (
    provider_order_id TEXT    NOT NULL CONSTRAINT checkout_intent_lines_provider_order_id_fkey
                              REFERENCES checkout_intents_new (provider_order_id) ON DELETE CASCADE,
    position          INTEGER NOT NULL CONSTRAINT checkout_intent_lines_position_check CHECK (position >= 0),
    product_id        TEXT    NOT NULL,
    variant_index     INTEGER NOT NULL CONSTRAINT checkout_intent_lines_variant_index_check CHECK (variant_index >= 0),
    quantity          INTEGER NOT NULL CONSTRAINT checkout_intent_lines_quantity_check CHECK (quantity > 0),
    CONSTRAINT checkout_intent_lines_pkey PRIMARY KEY (provider_order_id, position)
);
INSERT INTO checkout_intent_lines_new
    SELECT provider_order_id, position, product_id, variant_index, quantity
    FROM checkout_intent_lines;

DROP TABLE checkout_intent_lines;
DROP TABLE checkout_intents;
ALTER TABLE checkout_intents_new RENAME TO checkout_intents;
ALTER TABLE checkout_intent_lines_new RENAME TO checkout_intent_lines;
CREATE INDEX checkout_intents_user_id_idx ON checkout_intents (user_id);
