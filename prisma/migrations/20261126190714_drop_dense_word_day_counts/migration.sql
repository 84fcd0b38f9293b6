-- Nothing to change on SQLite: this migration drops PostgreSQL's counts of common words per day.
SELECT 1;
