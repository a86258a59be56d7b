DROP TABLE invoice_counters;
ALTER TABLE checkout_intents DROP COLUMN state;
ALTER TABLE order_lines DROP COLUMN gst_rate;
ALTER TABLE order_lines DROP COLUMN hsn;
DROP INDEX orders_invoice_no_key;
ALTER TABLE orders DROP COLUMN invoice_no;
ALTER TABLE orders DROP COLUMN state;
