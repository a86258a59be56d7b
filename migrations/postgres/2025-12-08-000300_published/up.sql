-- Drafts: products not yet published, on PostgreSQL. Keep in step with ../../sqlite/ (see migrations/README.md).
-- Decisions D43: a draft (FALSE) is seen by admins only and cannot be ordered; every product
-- made before stays published.
ALTER TABLE products ADD COLUMN published BOOLEAN NOT NULL DEFAULT TRUE;
