-- CreateTable
CREATE TABLE "TranscriptAnnotationDayVersion" (
    "day" INTEGER NOT NULL,
    "version" BIGINT NOT NULL,

    CONSTRAINT "TranscriptAnnotationDayVersion_pkey" PRIMARY KEY ("day")
);

-- Hand-written: a day's annotation version is renewed whenever a review, rating count, note or
-- signal row of one of its transcripts is written, so that counts cached under it (day-cache.ts)
-- are never taken for another state. Random, as the text versions are. A transcript deleted or
-- re-keyed takes its rows with it (cascades), which fires these.
-- TRUNCATE renews every version: the days whose rows it removed all have one, and other tables may
-- still hold rows of those days, so a day must not fall back to having none.
CREATE FUNCTION "transcript_annotation_day_versions"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
    IF TG_OP = ''TRUNCATE'' THEN
        UPDATE "TranscriptAnnotationDayVersion" SET "version" = floor(random() * 9007199254740991)::bigint\073
        RETURN NULL\073
    END IF\073
    INSERT INTO "TranscriptAnnotationDayVersion" ("day", "version")
    SELECT "day", floor(random() * 9007199254740991)::bigint FROM (
        SELECT ("sortKey" / 88473600000)::integer AS "day" FROM "changed_rows"
    ) AS "days" GROUP BY "day" ORDER BY "day"
    ON CONFLICT ("day") DO UPDATE SET "version" = excluded."version"\073
    RETURN NULL\073
END\073
';

CREATE TRIGGER "TranscriptReview_annotation_day_version_insert" AFTER INSERT ON "TranscriptReview"
    REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "transcript_annotation_day_versions"();
CREATE TRIGGER "TranscriptReview_annotation_day_version_update_old" AFTER UPDATE ON "TranscriptReview"
    REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "transcript_annotation_day_versions"();
CREATE TRIGGER "TranscriptReview_annotation_day_version_update_new" AFTER UPDATE ON "TranscriptReview"
    REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "transcript_annotation_day_versions"();
CREATE TRIGGER "TranscriptReview_annotation_day_version_delete" AFTER DELETE ON "TranscriptReview"
    REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "transcript_annotation_day_versions"();
CREATE TRIGGER "TranscriptReview_annotation_day_version_truncate" AFTER TRUNCATE ON "TranscriptReview"
    FOR EACH STATEMENT EXECUTE FUNCTION "transcript_annotation_day_versions"();
CREATE TRIGGER "TranscriptRating_annotation_day_version_insert" AFTER INSERT ON "TranscriptRating"
    REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "transcript_annotation_day_versions"();
CREATE TRIGGER "TranscriptRating_annotation_day_version_update_old" AFTER UPDATE ON "TranscriptRating"
    REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "transcript_annotation_day_versions"();
CREATE TRIGGER "TranscriptRating_annotation_day_version_update_new" AFTER UPDATE ON "TranscriptRating"
    REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "transcript_annotation_day_versions"();
CREATE TRIGGER "TranscriptRating_annotation_day_version_delete" AFTER DELETE ON "TranscriptRating"
    REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "transcript_annotation_day_versions"();
CREATE TRIGGER "TranscriptRating_annotation_day_version_truncate" AFTER TRUNCATE ON "TranscriptRating"
    FOR EACH STATEMENT EXECUTE FUNCTION "transcript_annotation_day_versions"();
CREATE TRIGGER "TranscriptNote_annotation_day_version_insert" AFTER INSERT ON "TranscriptNote"
    REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "transcript_annotation_day_versions"();
CREATE TRIGGER "TranscriptNote_annotation_day_version_update_old" AFTER UPDATE ON "TranscriptNote"
    REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "transcript_annotation_day_versions"();
CREATE TRIGGER "TranscriptNote_annotation_day_version_update_new" AFTER UPDATE ON "TranscriptNote"
    REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "transcript_annotation_day_versions"();
CREATE TRIGGER "TranscriptNote_annotation_day_version_delete" AFTER DELETE ON "TranscriptNote"
    REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "transcript_annotation_day_versions"();
CREATE TRIGGER "TranscriptNote_annotation_day_version_truncate" AFTER TRUNCATE ON "TranscriptNote"
    FOR EACH STATEMENT EXECUTE FUNCTION "transcript_annotation_day_versions"();
CREATE TRIGGER "TranscriptSignal_annotation_day_version_insert" AFTER INSERT ON "TranscriptSignal"
    REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "transcript_annotation_day_versions"();
CREATE TRIGGER "TranscriptSignal_annotation_day_version_update_old" AFTER UPDATE ON "TranscriptSignal"
    REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "transcript_annotation_day_versions"();
CREATE TRIGGER "TranscriptSignal_annotation_day_version_update_new" AFTER UPDATE ON "TranscriptSignal"
    REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "transcript_annotation_day_versions"();
CREATE TRIGGER "TranscriptSignal_annotation_day_version_delete" AFTER DELETE ON "TranscriptSignal"
    REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "transcript_annotation_day_versions"();
CREATE TRIGGER "TranscriptSignal_annotation_day_version_truncate" AFTER TRUNCATE ON "TranscriptSignal"
    FOR EACH STATEMENT EXECUTE FUNCTION "transcript_annotation_day_versions"();
