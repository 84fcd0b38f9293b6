-- Nothing to change on SQLite: its full-text index counts a common word from the word's own list of
-- texts. This migration gives PostgreSQL a compact copy of which common words each text holds.
SELECT 1;
