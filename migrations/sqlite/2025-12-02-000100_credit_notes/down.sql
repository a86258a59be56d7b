-- GST credit notes, on SQLite. Keep in step with ../../postgres/ (see migrations/README.md).
DROP TABLE credit_notes;
DROP TABLE credit_note_counters;
