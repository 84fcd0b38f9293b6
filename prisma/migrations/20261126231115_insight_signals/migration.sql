-- CreateTable
CREATE TABLE "TranscriptSignal" (
    "sortKey" BIGINT NOT NULL PRIMARY KEY,
    "version" INTEGER NOT NULL,
    "rulesVersion" INTEGER NOT NULL,
    "fallback" INTEGER NOT NULL,
    "handoff" INTEGER NOT NULL,
    "unanswered" INTEGER NOT NULL,
    "repeated" INTEGER NOT NULL,
    "questionGroup" TEXT,
    "questionExample" TEXT,
    CONSTRAINT "TranscriptSignal_sortKey_fkey" FOREIGN KEY ("sortKey") REFERENCES "Transcript" ("sortKey") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "InsightSettings" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "fallbackPhrases" TEXT NOT NULL,
    "handoffPhrases" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "updatedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "TranscriptSignal_fallback_sortKey_idx" ON "TranscriptSignal"("fallback", "sortKey");

-- CreateIndex
CREATE INDEX "TranscriptSignal_handoff_sortKey_idx" ON "TranscriptSignal"("handoff", "sortKey");

-- CreateIndex
CREATE INDEX "TranscriptSignal_unanswered_sortKey_idx" ON "TranscriptSignal"("unanswered", "sortKey");

-- CreateIndex
CREATE INDEX "TranscriptSignal_repeated_sortKey_idx" ON "TranscriptSignal"("repeated", "sortKey");

-- CreateIndex
CREATE INDEX "TranscriptSignal_questionGroup_sortKey_idx" ON "TranscriptSignal"("questionGroup", "sortKey");

