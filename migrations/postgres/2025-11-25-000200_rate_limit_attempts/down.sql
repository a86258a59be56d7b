DROP TABLE rate_limit_attempts;
