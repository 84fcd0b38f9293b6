-- AlterTable
ALTER TABLE "Transcript" ADD COLUMN "origin" TEXT;

-- AlterTable
ALTER TABLE "Source" ADD COLUMN "pausedReason" TEXT;

-- CreateTable
CREATE TABLE "SyncCall" (
    "driver" TEXT NOT NULL PRIMARY KEY,
    "at" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "Transcript_origin_sortKey_idx" ON "Transcript"("origin", "sortKey");


-- Hand-written: a transcript stored already that a source brought has that source as its origin.
UPDATE "Transcript" SET "origin" = (
    SELECT min("sourceId") FROM "SourceTranscript" WHERE "SourceTranscript"."transcriptId" = "Transcript"."id"
) WHERE "id" IN (SELECT "transcriptId" FROM "SourceTranscript");
