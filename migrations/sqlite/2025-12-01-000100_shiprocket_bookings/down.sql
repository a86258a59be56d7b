-- The Shiprocket adapter's memory, on SQLite. Keep in step with ../../postgres/ (see migrations/README.md).
DROP TABLE shiprocket_bookings;
