-- Nothing to change on SQLite: its full-text index (FTS5 trigram, with positions) serves every search.
-- This migration gives PostgreSQL a word index in place of its trigram index.
SELECT 1;
