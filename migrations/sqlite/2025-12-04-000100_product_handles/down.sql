DROP INDEX products_handle_key;
ALTER TABLE products DROP COLUMN handle;
