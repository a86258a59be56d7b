-- Colours, on PostgreSQL. Keep in step with ../../sqlite/ (see migrations/README.md).
-- Decisions D44: a product may have colours (at most 20, in order), each with a name, a hex
-- swatch or none, and its photos (a JSON array of this shop's photo addresses, the first its
-- main photo). A variant is a colour and a size: each variant, order line and return line
-- names its colour ('' for a product without colours, as every row made before is).
CREATE TABLE product_colors (
    product_id TEXT    NOT NULL CONSTRAINT product_colors_product_id_fkey REFERENCES products (id) ON DELETE CASCADE,
    position   INTEGER NOT NULL CONSTRAINT product_colors_position_check CHECK (position >= 0),
    name       TEXT    NOT NULL,
    hex        TEXT,
    photos     TEXT    NOT NULL DEFAULT '[]',
    CONSTRAINT product_colors_pkey PRIMARY KEY (product_id, position)
);
CREATE TRIGGER product_colors_count_change AFTER INSERT OR UPDATE OR DELETE ON product_colors
    FOR EACH STATEMENT EXECUTE FUNCTION count_change('catalog');
ALTER TABLE product_variants ADD COLUMN color TEXT NOT NULL DEFAULT '';
ALTER TABLE order_lines ADD COLUMN color TEXT NOT NULL DEFAULT '';
ALTER TABLE return_lines ADD COLUMN color TEXT NOT NULL DEFAULT '';
ALTER TABLE return_lines ADD COLUMN new_color TEXT NOT NULL DEFAULT '';
