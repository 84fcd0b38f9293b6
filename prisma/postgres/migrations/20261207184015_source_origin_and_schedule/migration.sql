-- AlterTable
ALTER TABLE "Transcript" ADD COLUMN     "origin" TEXT;

-- AlterTable
ALTER TABLE "Source" ADD COLUMN     "pausedReason" TEXT;

-- CreateTable
CREATE TABLE "SyncCall" (
    "driver" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SyncCall_pkey" PRIMARY KEY ("driver")
);

-- CreateIndex
CREATE INDEX "Transcript_origin_sortKey_idx" ON "Transcript"("origin", "sortKey");


-- Hand-written: a transcript stored already that a source brought has that source as its origin.
UPDATE "Transcript" t SET "origin" = s."sourceId"
FROM (SELECT "transcriptId", min("sourceId") AS "sourceId" FROM "SourceTranscript" GROUP BY "transcriptId") s
WHERE t."id" = s."transcriptId";
