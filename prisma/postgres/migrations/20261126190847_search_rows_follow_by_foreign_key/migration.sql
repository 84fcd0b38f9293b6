-- A transcript's search rows (its text, and that text's bits of dense words) follow it by foreign
-- keys, as on SQLite, instead of triggers: the checks they cost an import leave it within its
-- target (lib/server/store/DESIGN.md).
DROP TRIGGER "Transcript_search_rows_delete" ON "Transcript";
DROP TRIGGER "Transcript_search_rows_update" ON "Transcript";
DROP TRIGGER "Transcript_search_rows_truncate" ON "Transcript";
DROP FUNCTION "transcript_search_rows_follow"();
DROP TRIGGER "TranscriptText_dense_words_delete" ON "TranscriptText";
DROP TRIGGER "TranscriptText_dense_words_truncate" ON "TranscriptText";
DROP FUNCTION "transcript_text_dense_words_follow"();
ALTER TABLE "TranscriptText" ADD CONSTRAINT "TranscriptText_sortKey_fkey" FOREIGN KEY ("sortKey") REFERENCES "Transcript"("sortKey") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "TranscriptDenseWords" ADD CONSTRAINT "TranscriptDenseWords_sortKey_fkey" FOREIGN KEY ("sortKey") REFERENCES "TranscriptText"("sortKey") ON DELETE CASCADE ON UPDATE CASCADE;
