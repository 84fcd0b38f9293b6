-- A search for a common word counts its whole days from each text's bits of dense words, not from
-- counts kept per word and day: the searches meet their targets without them (lib/server/store/DESIGN.md).
DROP TRIGGER "TranscriptText_dense_day_counts_delete" ON "TranscriptText";
DROP TRIGGER "TranscriptText_dense_day_counts_truncate" ON "TranscriptText";
DROP FUNCTION "transcript_text_dense_day_counts"();
DROP TABLE "DenseWordDayCount";
ALTER TABLE "DenseWord" DROP COLUMN "dayCounted";
