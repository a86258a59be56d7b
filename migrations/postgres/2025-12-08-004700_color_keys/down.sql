ALTER TABLE product_variants DROP COLUMN color_key;
