-- Store credit, on SQLite. Keep in step with ../../postgres/ (see migrations/README.md).
-- A shopper's balance, one row each: every spend and grant locks it (FOR UPDATE on
-- PostgreSQL; SQLite's write transaction holds the database), so two orders spending the same
-- rupees wait for each other; the CHECK refuses a negative balance whatever a writer does.
CREATE TABLE store_credit_balances (
    user_id    TEXT      NOT NULL,
    balance    BIGINT    NOT NULL DEFAULT 0,
    updated_at TIMESTAMP NOT NULL,
    CONSTRAINT store_credit_balances_pkey PRIMARY KEY (user_id),
    CONSTRAINT store_credit_balances_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE,
    CONSTRAINT store_credit_balances_balance_check CHECK (balance >= 0)
);
-- The ledger, whole rupees, signed (spent is negative); its sum per user is the balance. The
-- id is the event's key (`order:ID:paid`, `order:ID:back`, `return:ID`), so an event is
-- entered once. No foreign key to orders or returns: rebuilding either on SQLite must not
-- take the ledger with it.
CREATE TABLE store_credit_entries (
    id         TEXT      NOT NULL,
    user_id    TEXT      NOT NULL,
    amount     BIGINT    NOT NULL,
    reason     TEXT      NOT NULL,
    order_id   TEXT,
    return_id  TEXT,
    created_at TIMESTAMP NOT NULL,
    CONSTRAINT store_credit_entries_pkey PRIMARY KEY (id),
    CONSTRAINT store_credit_entries_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
);
CREATE INDEX store_credit_entries_user_id_created_at_idx ON store_credit_entries (user_id, created_at);
-- Whole rupees of the order's amount paid with store credit.
ALTER TABLE orders ADD COLUMN credit_used BIGINT NOT NULL DEFAULT 0;
-- Whole rupees of credit the payment was started with: the provider order is for the rest.
ALTER TABLE checkout_intents ADD COLUMN credit_used BIGINT NOT NULL DEFAULT 0;
