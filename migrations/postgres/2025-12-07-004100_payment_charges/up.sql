-- Pay online and save, and the cash-on-delivery charge, on PostgreSQL. Keep in step with ../../sqlite/ (see migrations/README.md).
-- Decisions D41: whole rupees an order took off for paying online (PREPAID_DISCOUNT_PERCENT)
-- or added for cash on delivery (COD_FEE); orders placed before keep every amount (0).
ALTER TABLE orders ADD COLUMN prepaid_discount_rupees BIGINT NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN cod_fee_rupees BIGINT NOT NULL DEFAULT 0;
