-- CreateTable
CREATE TABLE "TranscriptRating" (
    "feedbackType" TEXT NOT NULL,
    "sortKey" BIGINT NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "TranscriptRating_pkey" PRIMARY KEY ("feedbackType","sortKey")
);

-- CreateIndex
CREATE INDEX "TranscriptRating_sortKey_idx" ON "TranscriptRating"("sortKey");

-- AddForeignKey
ALTER TABLE "TranscriptRating" ADD CONSTRAINT "TranscriptRating_sortKey_fkey" FOREIGN KEY ("sortKey") REFERENCES "Transcript"("sortKey") ON DELETE CASCADE ON UPDATE CASCADE;


-- Hand-written: TranscriptRating follows Feedback (lib/server/store/DESIGN.md, "The filtered path").
INSERT INTO "TranscriptRating" ("feedbackType", "sortKey", "count")
SELECT f."feedbackType", t."sortKey", count(*) FROM "Feedback" f JOIN "Transcript" t ON t."id" = f."transcriptId" GROUP BY 1, 2;

CREATE FUNCTION "feedback_rating_counts"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
    -- One rating change per transcript at a time: concurrent changes of opposite types would
    -- otherwise take the two counts in opposite orders (a deadlock).
    PERFORM pg_advisory_xact_lock(1932, hashtext(COALESCE(NEW."transcriptId", OLD."transcriptId")))\073
    IF TG_OP IN (''DELETE'', ''UPDATE'') THEN
        UPDATE "TranscriptRating" r SET "count" = r."count" - 1 FROM "Transcript" t
        WHERE t."id" = OLD."transcriptId" AND r."sortKey" = t."sortKey" AND r."feedbackType" = OLD."feedbackType"\073
        DELETE FROM "TranscriptRating" r USING "Transcript" t
        WHERE t."id" = OLD."transcriptId" AND r."sortKey" = t."sortKey" AND r."feedbackType" = OLD."feedbackType" AND r."count" <= 0\073
    END IF\073
    IF TG_OP IN (''INSERT'', ''UPDATE'') THEN
        INSERT INTO "TranscriptRating" ("feedbackType", "sortKey", "count")
        SELECT NEW."feedbackType", t."sortKey", 1 FROM "Transcript" t WHERE t."id" = NEW."transcriptId"
        ON CONFLICT ("feedbackType", "sortKey") DO UPDATE SET "count" = "TranscriptRating"."count" + 1\073
    END IF\073
    RETURN NULL\073
END\073
';

CREATE TRIGGER "Feedback_rating_insert_delete" AFTER INSERT OR DELETE ON "Feedback"
FOR EACH ROW EXECUTE FUNCTION "feedback_rating_counts"();

CREATE TRIGGER "Feedback_rating_update" AFTER UPDATE OF "feedbackType", "transcriptId" ON "Feedback"
FOR EACH ROW EXECUTE FUNCTION "feedback_rating_counts"();
