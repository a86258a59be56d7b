-- Rate-limit attempts, on PostgreSQL. Keep in step with ../../sqlite/ (see migrations/README.md).
-- One row per counted attempt (a failed sign-in, a registration or reset request) under its
-- key (the action with an e-mail or a client address), so every instance counts against the
-- same limit (decisions D13). Rows older than the window are swept as attempts come in.
CREATE TABLE rate_limit_attempts (
    id  BIGSERIAL NOT NULL,
    key TEXT      NOT NULL,
    at  TIMESTAMP NOT NULL,
    CONSTRAINT rate_limit_attempts_pkey PRIMARY KEY (id)
);
CREATE INDEX rate_limit_attempts_key_at_idx ON rate_limit_attempts (key, at);
CREATE INDEX rate_limit_attempts_at_idx ON rate_limit_attempts (at);
