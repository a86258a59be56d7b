DROP TABLE sandbox_refunds;
