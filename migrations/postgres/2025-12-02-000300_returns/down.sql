-- Returns and size exchanges, on PostgreSQL. Keep in step with ../../sqlite/ (see migrations/README.md).
DROP TABLE return_events;
DROP TABLE return_lines;
DROP TABLE returns;
DROP TABLE return_counters;
ALTER TABLE orders DROP COLUMN replaces;
