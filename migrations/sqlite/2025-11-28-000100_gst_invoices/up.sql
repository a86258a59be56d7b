-- GST invoices, on SQLite. Keep in step with ../../postgres/ (see migrations/README.md).
-- Decisions D16. Orders placed before this have no place of supply, no invoice number and no
-- stored rate or HSN: they have no invoice (the shop cannot number them after the fact
-- without breaking the order of its numbers).
ALTER TABLE orders ADD COLUMN state TEXT;
-- `PDK/2026-27/000001`: given in the order's transaction, never repeated.
ALTER TABLE orders ADD COLUMN invoice_no TEXT;
CREATE UNIQUE INDEX orders_invoice_no_key ON orders (invoice_no);
-- The rate and HSN in force when the line was sold: a later change of GST_SLABS,
-- DEFAULT_HSN or the product's code never changes an invoice issued.
ALTER TABLE order_lines ADD COLUMN hsn TEXT;
ALTER TABLE order_lines ADD COLUMN gst_rate INTEGER;
-- The place of supply the shopper chose, for the webhook placing the order of a payment.
ALTER TABLE checkout_intents ADD COLUMN state TEXT;
-- The last invoice number given in each financial year (named by the calendar year it
-- starts in): taken and moved on in the order's transaction, so numbers have no gaps.
CREATE TABLE invoice_counters (
    financial_year INTEGER NOT NULL CONSTRAINT invoice_counters_pkey PRIMARY KEY,
    last_number BIGINT NOT NULL CONSTRAINT invoice_counters_last_number_check CHECK (last_number > 0)
);
