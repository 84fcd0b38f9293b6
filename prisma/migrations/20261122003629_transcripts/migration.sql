-- CreateTable
CREATE TABLE "Transcript" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "sessionId" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL,
    "updatedAt" DATETIME NOT NULL,
    "sortKey" BIGINT NOT NULL,
    "device" TEXT,
    "os" TEXT,
    "browser" TEXT,
    "messageCount" INTEGER NOT NULL,
    "durationMs" INTEGER,
    "preview" TEXT NOT NULL,
    "question" TEXT NOT NULL,
    "answer" TEXT NOT NULL,
    "receivedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "searchText" TEXT NOT NULL,
    "properties" TEXT,
    "dialog" TEXT NOT NULL
);

-- CreateTable
CREATE TABLE "TranscriptSlotCount" (
    "slot" INTEGER NOT NULL PRIMARY KEY,
    "count" INTEGER NOT NULL
);

-- CreateTable
CREATE TABLE "TranscriptHourAttribute" (
    "dimension" TEXT NOT NULL,
    "hour" INTEGER NOT NULL,
    "value" TEXT NOT NULL,
    "count" INTEGER NOT NULL,

    PRIMARY KEY ("dimension", "hour", "value")
);

-- CreateTable
CREATE TABLE "IngestKey" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "keyHash" TEXT NOT NULL,
    "createdById" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" DATETIME,
    "revokedAt" DATETIME,
    CONSTRAINT "IngestKey_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "Transcript_sortKey_key" ON "Transcript"("sortKey");

-- CreateIndex
CREATE INDEX "Transcript_sessionId_sortKey_idx" ON "Transcript"("sessionId", "sortKey");

-- CreateIndex
CREATE UNIQUE INDEX "IngestKey_keyHash_key" ON "IngestKey"("keyHash");

-- CreateIndex
CREATE INDEX "IngestKey_createdAt_idx" ON "IngestKey"("createdAt");


-- Full-text search (hand-written, lib/server/transcripts/search-sql.ts queries it).
-- FTS5 with the trigram tokenizer finds any fragment of 3 or more characters in any language.
-- searchText is lower-cased when stored and queries are lower-cased the same way, so the index
-- is case-sensitive and matches exactly what PostgreSQL's LIKE on the same column matches.
-- Its rowid is the transcript's sortKey (external content), so a MATCH restricted to a rowid range
-- reads only that date range of the index. Kept in step with Transcript by the triggers below:
-- a later migration that redefines the Transcript table on SQLite must recreate them.
CREATE VIRTUAL TABLE "TranscriptSearch" USING fts5(
    "searchText",
    content='Transcript',
    content_rowid='sortKey',
    tokenize='trigram case_sensitive 1',
    columnsize=0
);

-- A larger in-memory buffer before segments are flushed makes bulk imports about 1.5x faster.
INSERT INTO "TranscriptSearch"("TranscriptSearch", rank) VALUES ('hashsize', 16777216);

CREATE TRIGGER "Transcript_search_insert" AFTER INSERT ON "Transcript" BEGIN
    INSERT INTO "TranscriptSearch"(rowid, "searchText") VALUES (new."sortKey", new."searchText");
END;

CREATE TRIGGER "Transcript_search_delete" AFTER DELETE ON "Transcript" BEGIN
    INSERT INTO "TranscriptSearch"("TranscriptSearch", rowid, "searchText") VALUES ('delete', old."sortKey", old."searchText");
END;

CREATE TRIGGER "Transcript_search_update" AFTER UPDATE OF "searchText", "sortKey" ON "Transcript" BEGIN
    INSERT INTO "TranscriptSearch"("TranscriptSearch", rowid, "searchText") VALUES ('delete', old."sortKey", old."searchText");
    INSERT INTO "TranscriptSearch"(rowid, "searchText") VALUES (new."sortKey", new."searchText");
END;
