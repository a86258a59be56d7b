DROP TABLE search_misses;
