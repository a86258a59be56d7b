DROP TABLE import_jobs;
