-- GST credit notes, on PostgreSQL. Keep in step with ../../sqlite/ (see migrations/README.md).
-- Decisions D22: a credit note for every refunded return and every `Returned to origin` of an
-- invoiced order, numbered `CN/26-27/000001` in its own gap-free series per financial year.
-- The last credit note number given in each financial year (named by the calendar year it
-- starts in), taken and moved on in the transaction that issues the note.
CREATE TABLE credit_note_counters (
    financial_year INTEGER NOT NULL CONSTRAINT credit_note_counters_pkey PRIMARY KEY,
    last_number BIGINT NOT NULL CONSTRAINT credit_note_counters_last_number_check CHECK (last_number >= 0)
);
-- One row per note. `source` is what it was issued for (`rto:{orderId}` or
-- `return:{returnId}`): at most one note each. `return_id` has no reference yet (the returns
-- table comes later). `lines`: JSON [{line, quantity, amount}], the order line's index, the
-- pairs and their paise; `amount` their sum, in paise.
CREATE TABLE credit_notes (
    number         TEXT      NOT NULL CONSTRAINT credit_notes_pkey PRIMARY KEY,
    financial_year INTEGER   NOT NULL,
    sequence       BIGINT    NOT NULL,
    order_id       TEXT      NOT NULL CONSTRAINT credit_notes_order_id_fkey REFERENCES orders (id),
    source         TEXT      NOT NULL CONSTRAINT credit_notes_source_key UNIQUE,
    return_id      TEXT,
    issued_at      TIMESTAMP NOT NULL,
    amount         BIGINT    NOT NULL,
    lines          TEXT      NOT NULL,
    CONSTRAINT credit_notes_financial_year_sequence_key UNIQUE (financial_year, sequence)
);
CREATE INDEX credit_notes_order_id_idx ON credit_notes (order_id);
