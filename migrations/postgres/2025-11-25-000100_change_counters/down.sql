DROP TRIGGER sales_count_change ON sales;
DROP TRIGGER reviews_count_change ON reviews;
DROP TRIGGER categories_count_change ON categories;
DROP TRIGGER product_photos_count_change ON product_photos;
DROP TRIGGER product_details_count_change ON product_details;
DROP TRIGGER product_variants_count_change ON product_variants;
DROP TRIGGER products_count_change ON products;
DROP FUNCTION count_change();
DROP TABLE change_counters;
