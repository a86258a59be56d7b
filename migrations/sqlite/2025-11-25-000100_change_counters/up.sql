-- Change counters, on SQLite. Keep in step with ../../postgres/ (see migrations/README.md).
-- Every write to the catalog's tables (or the sales') adds one to a counter in the writing
-- transaction, so each paduka process using this database sees a committed change by
-- polling the counters' sum and rebuilds its cached lists (decisions D13). SQLite has one
-- writer at a time, so one slot per counter is enough (PostgreSQL has sixteen).
CREATE TABLE change_counters (
    name  TEXT    NOT NULL,
    slot  INTEGER NOT NULL,
    value BIGINT  NOT NULL DEFAULT 0,
    CONSTRAINT change_counters_pkey PRIMARY KEY (name, slot)
);
INSERT INTO change_counters (name, slot) VALUES ('catalog', 0), ('sales', 0);

CREATE TRIGGER products_count_insert AFTER INSERT ON products
    BEGIN UPDATE change_counters SET value = value + 1 WHERE name = 'catalog'; END;
CREATE TRIGGER products_count_update AFTER UPDATE ON products
    BEGIN UPDATE change_counters SET value = value + 1 WHERE name = 'catalog'; END;
CREATE TRIGGER products_count_delete AFTER DELETE ON products
    BEGIN UPDATE change_counters SET value = value + 1 WHERE name = 'catalog'; END;
CREATE TRIGGER product_variants_count_insert AFTER INSERT ON product_variants
    BEGIN UPDATE change_counters SET value = value + 1 WHERE name = 'catalog'; END;
CREATE TRIGGER product_variants_count_update AFTER UPDATE ON product_variants
    BEGIN UPDATE change_counters SET value = value + 1 WHERE name = 'catalog'; END;
CREATE TRIGGER product_variants_count_delete AFTER DELETE ON product_variants
    BEGIN UPDATE change_counters SET value = value + 1 WHERE name = 'catalog'; END;
CREATE TRIGGER product_details_count_insert AFTER INSERT ON product_details
    BEGIN UPDATE change_counters SET value = value + 1 WHERE name = 'catalog'; END;
CREATE TRIGGER product_details_count_update AFTER UPDATE ON product_details
    BEGIN UPDATE change_counters SET value = value + 1 WHERE name = 'catalog'; END;
CREATE TRIGGER product_details_count_delete AFTER DELETE ON product_details
    BEGIN UPDATE change_counters SET value = value + 1 WHERE name = 'catalog'; END;
CREATE TRIGGER product_photos_count_insert AFTER INSERT ON product_photos
    BEGIN UPDATE change_counters SET value = value + 1 WHERE name = 'catalog'; END;
CREATE TRIGGER product_photos_count_update AFTER UPDATE ON product_photos
    BEGIN UPDATE change_counters SET value = value + 1 WHERE name = 'catalog'; END;
CREATE TRIGGER product_photos_count_delete AFTER DELETE ON product_photos
    BEGIN UPDATE change_counters SET value = value + 1 WHERE name = 'catalog'; END;
CREATE TRIGGER categories_count_insert AFTER INSERT ON categories
    BEGIN UPDATE change_counters SET value = value + 1 WHERE name = 'catalog'; END;
CREATE TRIGGER categories_count_update AFTER UPDATE ON categories
    BEGIN UPDATE change_counters SET value = value + 1 WHERE name = 'catalog'; END;
CREATE TRIGGER categories_count_delete AFTER DELETE ON categories
    BEGIN UPDATE change_counters SET value = value + 1 WHERE name = 'catalog'; END;
CREATE TRIGGER reviews_count_insert AFTER INSERT ON reviews
    BEGIN UPDATE change_counters SET value = value + 1 WHERE name = 'catalog'; END;
CREATE TRIGGER reviews_count_update AFTER UPDATE ON reviews
    BEGIN UPDATE change_counters SET value = value + 1 WHERE name = 'catalog'; END;
CREATE TRIGGER reviews_count_delete AFTER DELETE ON reviews
    BEGIN UPDATE change_counters SET value = value + 1 WHERE name = 'catalog'; END;
CREATE TRIGGER sales_count_insert AFTER INSERT ON sales
    BEGIN UPDATE change_counters SET value = value + 1 WHERE name = 'sales'; END;
CREATE TRIGGER sales_count_update AFTER UPDATE ON sales
    BEGIN UPDATE change_counters SET value = value + 1 WHERE name = 'sales'; END;
CREATE TRIGGER sales_count_delete AFTER DELETE ON sales
    BEGIN UPDATE change_counters SET value = value + 1 WHERE name = 'sales'; END;
