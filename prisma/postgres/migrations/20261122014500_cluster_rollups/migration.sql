-- Nothing to change on PostgreSQL: this migration makes SQLite's hourly attribute rollup a
-- WITHOUT ROWID table. PostgreSQL reads the same ranges through its primary key index.
SELECT 1;
