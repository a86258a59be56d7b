-- Colour keys, on PostgreSQL. Keep in step with ../../sqlite/ (see migrations/README.md).
-- Decisions D47: the listing's color= matches a variant's colour ignoring case, by its key (the
-- name lower-cased as the domain's ColourKey makes it, as categories.name_key). '' for a variant
-- without a colour; a coloured variant made before gets its key at start-up (the database's
-- lower() is not Rust's for every letter), so until then '' with a colour means "not keyed yet".
ALTER TABLE product_variants ADD COLUMN color_key TEXT NOT NULL DEFAULT '';
