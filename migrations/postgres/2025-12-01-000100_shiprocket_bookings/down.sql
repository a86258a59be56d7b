-- The Shiprocket adapter's memory, on PostgreSQL. Keep in step with ../../sqlite/ (see migrations/README.md).
DROP TABLE shiprocket_bookings;
