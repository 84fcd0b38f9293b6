-- Nothing to change on SQLite: its foreign keys keep each transcript's search text with it.
-- This migration has PostgreSQL keep them with triggers instead of foreign keys.
SELECT 1;
