-- Moves the search text of transcripts into TranscriptText (keyed by sortKey, its INTEGER PRIMARY KEY
-- so it is the rowid: the table is clustered by time) and puts the full-text index on it.
-- Hand-written: a plain ALTER TABLE ... DROP COLUMN keeps the Transcript table, its indexes and the
-- foreign keys that point at it, where the generated table redefinition would rebuild them all.

DROP TRIGGER "Transcript_search_insert";
DROP TRIGGER "Transcript_search_delete";
DROP TRIGGER "Transcript_search_update";
DROP TABLE "TranscriptSearch";

-- CreateTable
CREATE TABLE "TranscriptText" (
    "sortKey" INTEGER NOT NULL PRIMARY KEY,
    "text" TEXT NOT NULL,
    CONSTRAINT "TranscriptText_sortKey_fkey" FOREIGN KEY ("sortKey") REFERENCES "Transcript" ("sortKey") ON DELETE CASCADE ON UPDATE CASCADE
);

INSERT INTO "TranscriptText" ("sortKey", "text") SELECT "sortKey", "searchText" FROM "Transcript";

ALTER TABLE "Transcript" DROP COLUMN "searchText";

-- Full-text search (lib/server/transcripts/search-sql.ts queries it).
-- FTS5 with the trigram tokenizer finds any fragment of 3 or more characters in any language.
-- The text is lower-cased when stored and queries are lower-cased the same way, so the index is
-- case-sensitive and matches exactly what PostgreSQL's LIKE on the same column matches.
-- Its rowid is the sortKey (external content), so a MATCH restricted to a rowid range reads only
-- that date range of the index. Kept in step with TranscriptText by the triggers below.
CREATE VIRTUAL TABLE "TranscriptSearch" USING fts5(
    "text",
    content='TranscriptText',
    content_rowid='sortKey',
    tokenize='trigram case_sensitive 1',
    columnsize=0
);

-- A larger in-memory buffer before segments are flushed makes bulk imports about 1.5x faster.
INSERT INTO "TranscriptSearch"("TranscriptSearch", rank) VALUES ('hashsize', 16777216);
INSERT INTO "TranscriptSearch"("TranscriptSearch") VALUES ('rebuild');

CREATE TRIGGER "TranscriptText_search_insert" AFTER INSERT ON "TranscriptText" BEGIN
    INSERT INTO "TranscriptSearch"(rowid, "text") VALUES (new."sortKey", new."text");
END;

CREATE TRIGGER "TranscriptText_search_delete" AFTER DELETE ON "TranscriptText" BEGIN
    INSERT INTO "TranscriptSearch"("TranscriptSearch", rowid, "text") VALUES ('delete', old."sortKey", old."text");
END;

CREATE TRIGGER "TranscriptText_search_update" AFTER UPDATE ON "TranscriptText" BEGIN
    INSERT INTO "TranscriptSearch"("TranscriptSearch", rowid, "text") VALUES ('delete', old."sortKey", old."text");
    INSERT INTO "TranscriptSearch"(rowid, "text") VALUES (new."sortKey", new."text");
END;
