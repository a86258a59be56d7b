-- Reverses up.sql: every table, children before the tables they reference.
DROP TABLE one_time_codes;
DROP TABLE payment_events;
DROP TABLE checkout_intent_lines;
DROP TABLE checkout_intents;
DROP TABLE order_events;
DROP TABLE order_lines;
DROP TABLE orders;
DROP TABLE sales;
DROP TABLE reviews;
DROP TABLE images;
DROP TABLE product_photos;
DROP TABLE product_details;
DROP TABLE product_variants;
DROP TABLE products;
DROP TABLE categories;
DROP TABLE users;
