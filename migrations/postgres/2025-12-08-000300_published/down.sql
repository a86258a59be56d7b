ALTER TABLE products DROP COLUMN published;
