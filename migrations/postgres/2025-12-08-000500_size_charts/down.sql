ALTER TABLE products DROP COLUMN size_chart;
