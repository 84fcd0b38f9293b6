-- SQLite finds the texts holding a search through an index of their words instead of an index of
-- their trigrams, as PostgreSQL does (lib/server/transcripts/word-index.ts). Indexing a text's
-- words costs about a fifth of indexing its trigrams (50,000 texts of this project's data: 0.83 s
-- against 4.0 s), which was most of the time an import spent storing. Hand-written: these objects
-- are SQLite's own and not in schema.prisma.
--
-- TranscriptWords: FTS5 with its ascii tokenizer, which splits a text exactly where the store does
-- (lib/transcripts/search-words.ts: ASCII characters other than letters and digits separate words,
-- every other character belongs to one). With positions, so that a search of several words reads
-- only the texts holding them one after the other (a phrase). Its rowid is the sortKey, so a MATCH
-- restricted to a rowid range reads only that date range of the index.
--
-- SearchWord lists every word ever stored; its trigram index finds the listed words holding a
-- fragment. A search looks up, for each of its words, the listed words that can hold it, then the
-- texts holding them.

DROP TRIGGER "TranscriptText_search_insert";
DROP TRIGGER "TranscriptText_search_delete";
DROP TRIGGER "TranscriptText_search_update";
DROP TABLE "TranscriptSearch";

CREATE VIRTUAL TABLE "TranscriptWords" USING fts5(
    "text",
    content='TranscriptText',
    content_rowid='sortKey',
    tokenize='ascii',
    columnsize=0
);

-- A larger in-memory buffer before segments are flushed, and lazier merges, for bulk imports
-- (migrations transcript_text and search_index_merges measured both on the trigram index).
INSERT INTO "TranscriptWords"("TranscriptWords", rank) VALUES ('hashsize', 16777216);
INSERT INTO "TranscriptWords"("TranscriptWords", rank) VALUES ('automerge', 16);
INSERT INTO "TranscriptWords"("TranscriptWords", rank) VALUES ('crisismerge', 64);
INSERT INTO "TranscriptWords"("TranscriptWords") VALUES ('rebuild');

CREATE TRIGGER "TranscriptText_words_insert" AFTER INSERT ON "TranscriptText" BEGIN
    INSERT INTO "TranscriptWords"(rowid, "text") VALUES (new."sortKey", new."text");
END;

CREATE TRIGGER "TranscriptText_words_delete" AFTER DELETE ON "TranscriptText" BEGIN
    INSERT INTO "TranscriptWords"("TranscriptWords", rowid, "text") VALUES ('delete', old."sortKey", old."text");
END;

CREATE TRIGGER "TranscriptText_words_update" AFTER UPDATE ON "TranscriptText" BEGIN
    INSERT INTO "TranscriptWords"("TranscriptWords", rowid, "text") VALUES ('delete', old."sortKey", old."text");
    INSERT INTO "TranscriptWords"(rowid, "text") VALUES (new."sortKey", new."text");
END;

CREATE TABLE "SearchWord" (
    "id" INTEGER NOT NULL PRIMARY KEY,
    "word" TEXT NOT NULL
);

-- Exact words and prefixes (GLOB 'abc*' is a range of this index).
CREATE UNIQUE INDEX "SearchWord_word_key" ON "SearchWord"("word");

-- Fragments of three or more characters anywhere in a word (GLOB '*abc*', '*abc').
CREATE VIRTUAL TABLE "SearchWordFragments" USING fts5(
    "word",
    content='SearchWord',
    content_rowid='id',
    tokenize='trigram case_sensitive 1',
    columnsize=0
);

-- Words are only ever added: a word no text holds any more costs a lookup that finds nothing.
CREATE TRIGGER "SearchWord_fragments_insert" AFTER INSERT ON "SearchWord" BEGIN
    INSERT INTO "SearchWordFragments"(rowid, "word") VALUES (new."id", new."word");
END;

-- The words of the texts already stored, from the new index's own vocabulary. FTS5 keeps only the
-- first 32,768 bytes of a longer token, so such a word (a pasted blob) is listed by that part; the
-- store lists the words of texts written from now on whole.
CREATE VIRTUAL TABLE temp."TranscriptWordsVocabulary" USING fts5vocab(main, 'TranscriptWords', 'row');
INSERT INTO "SearchWord" ("word") SELECT "term" FROM temp."TranscriptWordsVocabulary" ORDER BY "term";
DROP TABLE temp."TranscriptWordsVocabulary";
