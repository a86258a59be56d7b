-- Returns and size exchanges, on PostgreSQL. Keep in step with ../../sqlite/ (see migrations/README.md).
-- Decisions D24: a return of some of a delivered order's pairs, for a refund or another size.
-- The replacement order of an exchange names the order it replaces.
ALTER TABLE orders ADD COLUMN replaces TEXT;
-- The last return number given: taken and moved on in the request's transaction.
CREATE TABLE return_counters (
    id          INTEGER NOT NULL CONSTRAINT return_counters_pkey PRIMARY KEY,
    last_number BIGINT  NOT NULL CONSTRAINT return_counters_last_number_check CHECK (last_number > 0)
);
CREATE TABLE returns (
    id               TEXT      NOT NULL CONSTRAINT returns_pkey PRIMARY KEY,
    -- RET-000001 as shown.
    number           BIGINT    NOT NULL CONSTRAINT returns_number_key UNIQUE,
    order_id         TEXT      NOT NULL CONSTRAINT returns_order_id_fkey REFERENCES orders (id) ON DELETE CASCADE,
    -- No foreign key: a return outlives its shopper's account, as orders do.
    user_id          TEXT      NOT NULL,
    status           TEXT      NOT NULL CONSTRAINT returns_status_check
                               CHECK (status IN ('Requested', 'Approved', 'Picked up', 'Received',
                                                 'Completed', 'Rejected', 'Cancelled')),
    qc               TEXT      CONSTRAINT returns_qc_check CHECK (qc IN ('passed', 'failed')),
    refund_to        TEXT      CONSTRAINT returns_refund_to_check CHECK (refund_to IN ('original', 'credit', 'bank')),
    -- The provider's refund id, or the bank/UPI payout's reference.
    refund_reference TEXT,
    refunded_at      TIMESTAMP,
    -- The refund lines' amounts, in paise.
    refund_amount    BIGINT    NOT NULL CONSTRAINT returns_refund_amount_check CHECK (refund_amount >= 0),
    credit_note_no   TEXT,
    created_at       TIMESTAMP NOT NULL,
    updated_at       TIMESTAMP NOT NULL
);
CREATE INDEX returns_order_id_idx ON returns (order_id);
CREATE INDEX returns_user_id_idx ON returns (user_id, created_at);
CREATE TABLE return_lines (
    return_id      TEXT    NOT NULL CONSTRAINT return_lines_return_id_fkey REFERENCES returns (id) ON DELETE CASCADE,
    position       INTEGER NOT NULL,
    -- The index of the line in the order's products.
    line           INTEGER NOT NULL,
    product_id     TEXT    NOT NULL,
    name           TEXT    NOT NULL,
    size_label     TEXT,
    size_index     INTEGER NOT NULL,
    new_size_label TEXT,
    new_size_index INTEGER,
    quantity       INTEGER NOT NULL CONSTRAINT return_lines_quantity_check CHECK (quantity > 0),
    reason         TEXT    NOT NULL,
    kind           TEXT    NOT NULL CONSTRAINT return_lines_kind_check CHECK (kind IN ('exchange', 'refund')),
    -- The line's share of the order's amount, in paise.
    amount         BIGINT  NOT NULL CONSTRAINT return_lines_amount_check CHECK (amount >= 0),
    CONSTRAINT return_lines_pkey PRIMARY KEY (return_id, position)
);
CREATE TABLE return_events (
    return_id TEXT      NOT NULL CONSTRAINT return_events_return_id_fkey REFERENCES returns (id) ON DELETE CASCADE,
    position  INTEGER   NOT NULL,
    status    TEXT      NOT NULL,
    at        TIMESTAMP NOT NULL,
    note      TEXT,
    CONSTRAINT return_events_pkey PRIMARY KEY (return_id, position)
);
