-- Nothing to change on SQLite: its foreign keys keep each transcript's search text with it already.
SELECT 1;
