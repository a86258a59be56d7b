-- Products gain a handle (decisions D28): unique, made from the name, kept when the name changes.
-- Existing products get theirs right after the migrations run (`backfill_handles` in
-- crates/persistence/src/db.rs), from the same rule new products follow; the column stays
-- nullable so instances still running the previous version can insert during a deploy.
ALTER TABLE products ADD COLUMN handle TEXT;
CREATE UNIQUE INDEX products_handle_key ON products (handle);
