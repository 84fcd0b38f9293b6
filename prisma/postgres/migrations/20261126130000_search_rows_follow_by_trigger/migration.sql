-- The search rows of a transcript (its text in TranscriptText, that text's bits of dense words in
-- TranscriptDenseWords) follow it through statement-level triggers rather than foreign keys. A
-- foreign key checks each inserted row with a query of its own: storing 50,000 transcripts spent
-- 0.7-0.8 s of the server's 4.5 s of CPU checking their texts, bits and dense words' day counts,
-- which the store writes in the transaction that writes their transcripts. The triggers keep what
-- the cascades did: a deleted transcript's rows go with it, and a transcript given a new key takes
-- them to it (rows are paired by id, which the store never changes, and it never swaps two keys).
-- A dense word keeps its bit for good (DenseWord rows are never deleted), so its day counts need
-- no check either. schema.prisma keeps the relation of TranscriptText, which SQLite enforces.
-- The bodies are E'' strings with each semicolon written \073: the migration runner splits scripts
-- at every semicolon, dollar-quoted bodies included.
ALTER TABLE "TranscriptText" DROP CONSTRAINT "TranscriptText_sortKey_fkey";
ALTER TABLE "TranscriptDenseWords" DROP CONSTRAINT "TranscriptDenseWords_sortKey_fkey";
ALTER TABLE "DenseWordDayCount" DROP CONSTRAINT "DenseWordDayCount_bit_fkey";

CREATE FUNCTION "transcript_search_rows_follow"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
    IF TG_OP = ''DELETE'' THEN
        DELETE FROM "TranscriptText" WHERE "sortKey" IN (SELECT "sortKey" FROM "old_rows")\073
    ELSIF TG_OP = ''UPDATE'' THEN
        UPDATE "TranscriptText" x SET "sortKey" = n."sortKey"
        FROM "old_rows" o JOIN "new_rows" n ON n."id" = o."id"
        WHERE o."sortKey" <> n."sortKey" AND x."sortKey" = o."sortKey"\073
        UPDATE "TranscriptDenseWords" d SET "sortKey" = n."sortKey"
        FROM "old_rows" o JOIN "new_rows" n ON n."id" = o."id"
        WHERE o."sortKey" <> n."sortKey" AND d."sortKey" = o."sortKey"\073
    ELSE
        TRUNCATE "TranscriptText"\073
    END IF\073
    RETURN NULL\073
END\073
';

CREATE TRIGGER "Transcript_search_rows_delete" AFTER DELETE ON "Transcript"
    REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "transcript_search_rows_follow"();
CREATE TRIGGER "Transcript_search_rows_update" AFTER UPDATE ON "Transcript"
    REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "transcript_search_rows_follow"();
CREATE TRIGGER "Transcript_search_rows_truncate" AFTER TRUNCATE ON "Transcript"
    FOR EACH STATEMENT EXECUTE FUNCTION "transcript_search_rows_follow"();

-- A text's bits go with it, deleted or truncated (a text never changes its key but with its transcript).
CREATE FUNCTION "transcript_text_dense_words_follow"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
    IF TG_OP = ''DELETE'' THEN
        DELETE FROM "TranscriptDenseWords" WHERE "sortKey" IN (SELECT "sortKey" FROM "old_rows")\073
    ELSE
        TRUNCATE "TranscriptDenseWords"\073
    END IF\073
    RETURN NULL\073
END\073
';

CREATE TRIGGER "TranscriptText_dense_words_delete" AFTER DELETE ON "TranscriptText"
    REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "transcript_text_dense_words_follow"();
CREATE TRIGGER "TranscriptText_dense_words_truncate" AFTER TRUNCATE ON "TranscriptText"
    FOR EACH STATEMENT EXECUTE FUNCTION "transcript_text_dense_words_follow"();
