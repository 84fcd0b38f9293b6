-- Nothing to change on PostgreSQL: its word index (migration search_word_index) already serves
-- every search. This migration gives SQLite a word index in place of its trigram index.
SELECT 1;
