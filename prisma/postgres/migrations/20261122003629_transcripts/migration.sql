-- CreateTable
CREATE TABLE "Transcript" (
    "id" TEXT NOT NULL,
    "sessionId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "sortKey" BIGINT NOT NULL,
    "device" TEXT,
    "os" TEXT,
    "browser" TEXT,
    "messageCount" INTEGER NOT NULL,
    "durationMs" INTEGER,
    "preview" TEXT NOT NULL,
    "question" TEXT NOT NULL,
    "answer" TEXT NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "searchText" TEXT NOT NULL,
    "properties" TEXT,
    "dialog" TEXT NOT NULL,

    CONSTRAINT "Transcript_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TranscriptSlotCount" (
    "slot" INTEGER NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "TranscriptSlotCount_pkey" PRIMARY KEY ("slot")
);

-- CreateTable
CREATE TABLE "TranscriptHourAttribute" (
    "dimension" TEXT NOT NULL,
    "hour" INTEGER NOT NULL,
    "value" TEXT NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "TranscriptHourAttribute_pkey" PRIMARY KEY ("dimension","hour","value")
);

-- CreateTable
CREATE TABLE "IngestKey" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "keyHash" TEXT NOT NULL,
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "IngestKey_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Transcript_sortKey_key" ON "Transcript"("sortKey");

-- CreateIndex
CREATE INDEX "Transcript_sessionId_sortKey_idx" ON "Transcript"("sessionId", "sortKey");

-- CreateIndex
CREATE UNIQUE INDEX "IngestKey_keyHash_key" ON "IngestKey"("keyHash");

-- CreateIndex
CREATE INDEX "IngestKey_createdAt_idx" ON "IngestKey"("createdAt");

-- AddForeignKey
ALTER TABLE "IngestKey" ADD CONSTRAINT "IngestKey_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;


-- Full-text search (hand-written, lib/server/transcripts/search-sql.ts queries it).
-- A trigram GIN index serves LIKE '%fragment%' for fragments of 3 or more characters in any
-- language. searchText is lower-cased when stored and queries are lower-cased the same way, so a
-- case-sensitive LIKE matches exactly what SQLite's case-sensitive trigram index matches.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- A larger pending list lets bulk imports merge index entries in bigger, cheaper batches.
CREATE INDEX "Transcript_searchText_trgm_idx" ON "Transcript" USING gin ("searchText" gin_trgm_ops) WITH (gin_pending_list_limit = 16384);
