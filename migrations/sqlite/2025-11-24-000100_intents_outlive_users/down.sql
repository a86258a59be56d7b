-- Reverses up.sql on SQLite: the tables rebuilt with the old reference. Intents whose account
-- is gone cannot keep a NOT NULL user: they are left out, with their lines, as the old
-- ON DELETE CASCADE would have removed them.
CREATE TABLE checkout_intents_old (
    provider_order_id TEXT      NOT NULL PRIMARY KEY,
    receipt           TEXT      NOT NULL CONSTRAINT checkout_intents_receipt_key UNIQUE,
    user_id           TEXT      NOT NULL CONSTRAINT checkout_intents_user_id_fkey REFERENCES users (id) ON DELETE CASCADE,
    amount_rupees     BIGINT    NOT NULL CONSTRAINT checkout_intents_amount_rupees_check CHECK (amount_rupees >= 0),
    address           TEXT      NOT NULL,
    pincode           TEXT      NOT NULL,
    created_at        TIMESTAMP NOT NULL,
    refund_payment_id TEXT,
    refund_id         TEXT,
    refund_claimed_at TIMESTAMP
);
INSERT INTO checkout_intents_old
    SELECT provider_order_id, receipt, user_id, amount_rupees, address, pincode, created_at,
           refund_payment_id, refund_id, refund_claimed_at
    FROM checkout_intents
    WHERE user_id IS NOT NULL;

CREATE TABLE checkout_intent_lines_old (
    provider_order_id TEXT    NOT NULL CONSTRAINT checkout_intent_lines_provider_order_id_fkey
                              REFERENCES checkout_intents_old (provider_order_id) ON DELETE CASCADE,
    position          INTEGER NOT NULL CONSTRAINT checkout_intent_lines_position_check CHECK (position >= 0),
    product_id        TEXT    NOT NULL,
    variant_index     INTEGER NOT NULL CONSTRAINT checkout_intent_lines_variant_index_check CHECK (variant_index >= 0),
    quantity          INTEGER NOT NULL CONSTRAINT checkout_intent_lines_quantity_check CHECK (quantity > 0),
    CONSTRAINT checkout_intent_lines_pkey PRIMARY KEY (provider_order_id, position)
);
INSERT INTO checkout_intent_lines_old
    SELECT provider_order_id, position, product_id, variant_index, quantity
    FROM checkout_intent_lines
    WHERE provider_order_id IN (SELECT provider_order_id FROM checkout_intents_old);

DROP TABLE checkout_intent_lines;
DROP TABLE checkout_intents;
ALTER TABLE checkout_intents_old RENAME TO checkout_intents;
ALTER TABLE checkout_intent_lines_old RENAME TO checkout_intent_lines;
CREATE INDEX checkout_intents_user_id_idx ON checkout_intents (user_id);
