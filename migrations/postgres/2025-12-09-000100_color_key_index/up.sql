-- The colour chip's index, on PostgreSQL. Keep in step with ../../sqlite/ (see migrations/README.md).
-- The listing's color= asks each found product whether a variant of it has that colour key
-- (decisions D47): one seek in this index each, where the primary key made it read every
-- variant of the product (18 for three colours of six sizes).
CREATE INDEX product_variants_product_id_color_key_idx ON product_variants (product_id, color_key);
