-- Moves the search text of transcripts into TranscriptText (keyed by sortKey) and puts the trigram
-- index on it (hand-ordered so that the text is copied before its column is dropped).

-- CreateTable
CREATE TABLE "TranscriptText" (
    "sortKey" BIGINT NOT NULL,
    "text" TEXT NOT NULL,

    CONSTRAINT "TranscriptText_pkey" PRIMARY KEY ("sortKey")
);

INSERT INTO "TranscriptText" ("sortKey", "text") SELECT "sortKey", "searchText" FROM "Transcript";

DROP INDEX "Transcript_searchText_trgm_idx";

-- AlterTable
ALTER TABLE "Transcript" DROP COLUMN "searchText";

-- AddForeignKey
ALTER TABLE "TranscriptText" ADD CONSTRAINT "TranscriptText_sortKey_fkey" FOREIGN KEY ("sortKey") REFERENCES "Transcript"("sortKey") ON DELETE CASCADE ON UPDATE CASCADE;

-- Full-text search (lib/server/transcripts/search-sql.ts queries it).
-- A trigram GIN index serves LIKE '%fragment%' for fragments of 3 or more characters in any
-- language. The text is lower-cased when stored and queries are lower-cased the same way, so a
-- case-sensitive LIKE matches exactly what SQLite's case-sensitive trigram index matches.
-- A larger pending list lets bulk imports merge index entries in bigger, cheaper batches.
CREATE INDEX "TranscriptText_text_trgm_idx" ON "TranscriptText" USING gin ("text" gin_trgm_ops) WITH (gin_pending_list_limit = 16384);
