-- Change counters, on PostgreSQL. Keep in step with ../../sqlite/ (see migrations/README.md).
-- Every write to the catalog's tables (or the sales') adds one to a counter in the writing
-- transaction, so each paduka instance sharing this database sees a committed change by
-- polling the counters' sum and rebuilds its cached lists (decisions D13). Sixteen slots per
-- counter, chosen by the connection's backend process, keep concurrent orders from queueing
-- on one row lock.
CREATE TABLE change_counters (
    name  TEXT    NOT NULL,
    slot  INTEGER NOT NULL,
    value BIGINT  NOT NULL DEFAULT 0,
    CONSTRAINT change_counters_pkey PRIMARY KEY (name, slot)
);
INSERT INTO change_counters (name, slot)
    SELECT name, slot FROM (VALUES ('catalog'), ('sales')) AS names (name), generate_series(0, 15) AS slot;

CREATE FUNCTION count_change() RETURNS trigger AS $$
BEGIN
    UPDATE change_counters SET value = value + 1
        WHERE name = TG_ARGV[0] AND slot = pg_backend_pid() % 16;
    RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER products_count_change AFTER INSERT OR UPDATE OR DELETE ON products
    FOR EACH STATEMENT EXECUTE FUNCTION count_change('catalog');
CREATE TRIGGER product_variants_count_change AFTER INSERT OR UPDATE OR DELETE ON product_variants
    FOR EACH STATEMENT EXECUTE FUNCTION count_change('catalog');
CREATE TRIGGER product_details_count_change AFTER INSERT OR UPDATE OR DELETE ON product_details
    FOR EACH STATEMENT EXECUTE FUNCTION count_change('catalog');
CREATE TRIGGER product_photos_count_change AFTER INSERT OR UPDATE OR DELETE ON product_photos
    FOR EACH STATEMENT EXECUTE FUNCTION count_change('catalog');
CREATE TRIGGER categories_count_change AFTER INSERT OR UPDATE OR DELETE ON categories
    FOR EACH STATEMENT EXECUTE FUNCTION count_change('catalog');
CREATE TRIGGER reviews_count_change AFTER INSERT OR UPDATE OR DELETE ON reviews
    FOR EACH STATEMENT EXECUTE FUNCTION count_change('catalog');
CREATE TRIGGER sales_count_change AFTER INSERT OR UPDATE OR DELETE ON sales
    FOR EACH STATEMENT EXECUTE FUNCTION count_change('sales');
