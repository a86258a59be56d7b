-- The offline sandbox's refunds, on PostgreSQL. Keep in step with ../../sqlite/ (see migrations/README.md).
-- The sandbox's side of the books (what Razorpay keeps on its side): one refund per
-- idempotency key, whichever instance asked, kept across restarts (decisions D13).
CREATE TABLE sandbox_refunds (
    idempotency_key TEXT      NOT NULL,
    payment_id      TEXT      NOT NULL,
    refund_id       TEXT      NOT NULL,
    amount_paise    BIGINT    NOT NULL,
    status          TEXT      NOT NULL,
    created_at      TIMESTAMP NOT NULL,
    CONSTRAINT sandbox_refunds_pkey PRIMARY KEY (idempotency_key)
);
