-- Catalog imports run as jobs (decisions D28); their progress lives here so that any instance
-- answers GET /product/import/{job}. Warnings and errors are JSON arrays as the API shows them.
CREATE TABLE import_jobs (
    id         TEXT      NOT NULL CONSTRAINT import_jobs_pkey PRIMARY KEY,
    status     TEXT      NOT NULL,
    processed  BIGINT    NOT NULL,
    total      BIGINT    NOT NULL,
    created    BIGINT    NOT NULL,
    updated    BIGINT    NOT NULL,
    unchanged  BIGINT    NOT NULL,
    warnings   TEXT      NOT NULL,
    errors     TEXT      NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
