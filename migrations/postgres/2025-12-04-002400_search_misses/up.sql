-- Searches that found nothing, on PostgreSQL. Keep in step with ../../sqlite/ (see migrations/README.md).
-- Decisions D27: one row per normalised query (folded words, one space apart) and India day
-- (YYYY-MM-DD), counted up by every miss; the admin reads the most missed of the last 30 days.
CREATE TABLE search_misses (
    query TEXT NOT NULL,
    day TEXT NOT NULL,
    count BIGINT NOT NULL,
    CONSTRAINT search_misses_pkey PRIMARY KEY (query, day)
);
CREATE INDEX search_misses_day_idx ON search_misses (day);
