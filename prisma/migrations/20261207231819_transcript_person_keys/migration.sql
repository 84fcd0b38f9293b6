-- CreateTable
CREATE TABLE "TranscriptPersonKey" (
    "transcriptId" TEXT NOT NULL,
    "hash" TEXT NOT NULL,

    PRIMARY KEY ("transcriptId", "hash"),
    CONSTRAINT "TranscriptPersonKey_transcriptId_fkey" FOREIGN KEY ("transcriptId") REFERENCES "Transcript" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "PersonKeySecret" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "sealed" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "TranscriptPersonKey_hash_idx" ON "TranscriptPersonKey"("hash");

