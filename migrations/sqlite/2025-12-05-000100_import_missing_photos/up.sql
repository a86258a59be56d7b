-- An import's photos that could not be used, on SQLite. Keep in step with ../../postgres/ (see migrations/README.md).
-- Decisions D34: a JSON array of {row, column, src, product, message}, the products written
-- without them; POST /product/import/{job}/photos fetches them again.
ALTER TABLE import_jobs ADD COLUMN missing_photos TEXT NOT NULL DEFAULT '[]';
