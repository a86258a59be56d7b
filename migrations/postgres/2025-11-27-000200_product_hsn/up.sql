-- A product's own HSN code, on PostgreSQL. Keep in step with ../../sqlite/ (see migrations/README.md).
-- Decisions D16: 4 to 8 digits for tax invoices; NULL means the shop's DEFAULT_HSN.
ALTER TABLE products ADD COLUMN hsn TEXT;
