DROP TABLE search_miss_searchers;
