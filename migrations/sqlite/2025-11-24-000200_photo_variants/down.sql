-- Reverses up.sql on SQLite.
DROP TABLE photo_variants;
