-- CreateTable
CREATE TABLE "TranscriptPersonKey" (
    "transcriptId" TEXT NOT NULL,
    "hash" TEXT NOT NULL,

    CONSTRAINT "TranscriptPersonKey_pkey" PRIMARY KEY ("transcriptId","hash")
);

-- CreateTable
CREATE TABLE "PersonKeySecret" (
    "id" INTEGER NOT NULL,
    "sealed" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PersonKeySecret_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "TranscriptPersonKey_hash_idx" ON "TranscriptPersonKey"("hash");

-- AddForeignKey
ALTER TABLE "TranscriptPersonKey" ADD CONSTRAINT "TranscriptPersonKey_transcriptId_fkey" FOREIGN KEY ("transcriptId") REFERENCES "Transcript"("id") ON DELETE CASCADE ON UPDATE CASCADE;

