-- Hand-written: TranscriptRating follows Feedback by statement triggers. Each statement moves the
-- counts it changes in one upsert, in (feedbackType, sortKey) order, so that concurrent statements
-- take the counts' row locks in the same order (no deadlock) and a statement of many ratings takes
-- no lock per transcript.
DROP TRIGGER "Feedback_rating_insert_delete" ON "Feedback";
DROP TRIGGER "Feedback_rating_update" ON "Feedback";
DROP FUNCTION "feedback_rating_counts"();

CREATE FUNCTION "feedback_rating_counts"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
    IF TG_OP = ''INSERT'' THEN
        INSERT INTO "TranscriptRating" ("feedbackType", "sortKey", "count")
        SELECT n."feedbackType", t."sortKey", count(*) FROM "new_rows" n JOIN "Transcript" t ON t."id" = n."transcriptId"
        GROUP BY 1, 2 ORDER BY 1, 2
        ON CONFLICT ("feedbackType", "sortKey") DO UPDATE SET "count" = "TranscriptRating"."count" + excluded."count"\073
        RETURN NULL\073
    END IF\073
    IF TG_OP = ''UPDATE'' THEN
        INSERT INTO "TranscriptRating" ("feedbackType", "sortKey", "count")
        SELECT d."feedbackType", t."sortKey", sum(d."delta") FROM (
            SELECT "feedbackType", "transcriptId", -1 AS "delta" FROM "old_rows"
            UNION ALL SELECT "feedbackType", "transcriptId", 1 AS "delta" FROM "new_rows"
        ) d JOIN "Transcript" t ON t."id" = d."transcriptId"
        GROUP BY 1, 2 HAVING sum(d."delta") <> 0 ORDER BY 1, 2
        ON CONFLICT ("feedbackType", "sortKey") DO UPDATE SET "count" = "TranscriptRating"."count" + excluded."count"\073
    ELSE
        UPDATE "TranscriptRating" r SET "count" = r."count" - g."n"
        FROM (SELECT o."feedbackType", t."sortKey", count(*) AS "n" FROM "old_rows" o JOIN "Transcript" t ON t."id" = o."transcriptId"
              GROUP BY 1, 2 ORDER BY 1, 2) g
        WHERE r."feedbackType" = g."feedbackType" AND r."sortKey" = g."sortKey"\073
    END IF\073
    DELETE FROM "TranscriptRating" r
    USING (SELECT DISTINCT o."feedbackType", t."sortKey" FROM "old_rows" o JOIN "Transcript" t ON t."id" = o."transcriptId") g
    WHERE r."feedbackType" = g."feedbackType" AND r."sortKey" = g."sortKey" AND r."count" <= 0\073
    RETURN NULL\073
END\073
';

CREATE TRIGGER "Feedback_rating_insert" AFTER INSERT ON "Feedback"
    REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "feedback_rating_counts"();
CREATE TRIGGER "Feedback_rating_update" AFTER UPDATE ON "Feedback"
    REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "feedback_rating_counts"();
CREATE TRIGGER "Feedback_rating_delete" AFTER DELETE ON "Feedback"
    REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "feedback_rating_counts"();
