-- Reverses up.sql on PostgreSQL.
DROP TABLE photo_variants;
