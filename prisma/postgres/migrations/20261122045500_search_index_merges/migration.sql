-- Nothing to change on PostgreSQL: this migration tunes SQLite's full-text index (FTS5 merge settings).
SELECT 1;
