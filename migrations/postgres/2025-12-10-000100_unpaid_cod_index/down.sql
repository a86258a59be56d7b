DROP INDEX orders_unpaid_cod_idx;
