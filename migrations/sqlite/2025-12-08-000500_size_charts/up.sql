-- A product's own size chart, on SQLite. Keep in step with ../../postgres/ (see migrations/README.md).
-- Decisions D49: a JSON list of {"label", "footMm"}, smallest first; NULL (every product made
-- before) is none of its own, so Find my size keeps using the shop's UK 3-12 chart.
ALTER TABLE products ADD COLUMN size_chart TEXT;
