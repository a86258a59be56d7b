ALTER TABLE import_jobs DROP COLUMN missing_photos;
