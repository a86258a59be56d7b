-- Returns and size exchanges, on SQLite. Keep in step with ../../postgres/ (see migrations/README.md).
DROP TABLE return_events;
DROP TABLE return_lines;
DROP TABLE returns;
DROP TABLE return_counters;
ALTER TABLE orders DROP COLUMN replaces;
