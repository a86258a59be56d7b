ALTER TABLE orders DROP COLUMN cod_fee_rupees;
ALTER TABLE orders DROP COLUMN prepaid_discount_rupees;
