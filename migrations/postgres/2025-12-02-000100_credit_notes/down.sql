-- GST credit notes, on PostgreSQL. Keep in step with ../../sqlite/ (see migrations/README.md).
DROP TABLE credit_notes;
DROP TABLE credit_note_counters;
