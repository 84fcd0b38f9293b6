-- Nothing to change on SQLite: its full-text index counts a word from the word's own list of texts.
-- This migration gives PostgreSQL the number of texts of each day that hold each common word.
SELECT 1;
