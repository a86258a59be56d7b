-- Who a search miss was counted for, on SQLite. Keep in step with ../../postgres/ (see migrations/README.md).
-- Decisions section 19 and D42: a miss counts once per client address a day; the address is
-- kept hashed, only as long as its miss (30 days).
CREATE TABLE search_miss_searchers (
    day TEXT NOT NULL,
    query TEXT NOT NULL,
    searcher TEXT NOT NULL,
    CONSTRAINT search_miss_searchers_pkey PRIMARY KEY (day, query, searcher)
);
