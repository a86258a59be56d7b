ALTER TABLE return_lines DROP COLUMN new_color;
ALTER TABLE return_lines DROP COLUMN color;
ALTER TABLE order_lines DROP COLUMN color;
ALTER TABLE product_variants DROP COLUMN color;
DROP TABLE product_colors;
