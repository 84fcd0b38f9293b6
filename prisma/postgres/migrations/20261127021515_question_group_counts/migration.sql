-- DropIndex
DROP INDEX "TranscriptSignal_questionGroup_sortKey_idx";

-- CreateIndex
CREATE INDEX "TranscriptSignal_questionGroup_sortKey_fallback_handoff_idx" ON "TranscriptSignal"("questionGroup", "sortKey", "fallback", "handoff");

