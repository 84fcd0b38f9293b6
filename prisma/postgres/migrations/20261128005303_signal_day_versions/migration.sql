-- CreateTable
CREATE TABLE "TranscriptSignalDayVersion" (
    "day" INTEGER NOT NULL,
    "version" BIGINT NOT NULL,

    CONSTRAINT "TranscriptSignalDayVersion_pkey" PRIMARY KEY ("day")
);

-- Hand-written: a day's signal version is renewed whenever a signal row of one of its transcripts
-- is written (stored, re-derived by a recompute, deleted with its transcript), so that counts made
-- of the signals alone and cached under it (day-cache.ts) are never taken for another state, while
-- ratings, reviews and notes leave it as it is. Random, as the other day versions are.
-- TRUNCATE renews every version, as it does the annotation versions.
CREATE FUNCTION "transcript_signal_day_versions"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
    IF TG_OP = ''TRUNCATE'' THEN
        UPDATE "TranscriptSignalDayVersion" SET "version" = floor(random() * 9007199254740991)::bigint\073
        RETURN NULL\073
    END IF\073
    INSERT INTO "TranscriptSignalDayVersion" ("day", "version")
    SELECT "day", floor(random() * 9007199254740991)::bigint FROM (
        SELECT ("sortKey" / 88473600000)::integer AS "day" FROM "changed_rows"
    ) AS "days" GROUP BY "day" ORDER BY "day"
    ON CONFLICT ("day") DO UPDATE SET "version" = excluded."version"\073
    RETURN NULL\073
END\073
';

CREATE TRIGGER "TranscriptSignal_signal_day_version_insert" AFTER INSERT ON "TranscriptSignal"
    REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "transcript_signal_day_versions"();
CREATE TRIGGER "TranscriptSignal_signal_day_version_update_old" AFTER UPDATE ON "TranscriptSignal"
    REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "transcript_signal_day_versions"();
CREATE TRIGGER "TranscriptSignal_signal_day_version_update_new" AFTER UPDATE ON "TranscriptSignal"
    REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "transcript_signal_day_versions"();
CREATE TRIGGER "TranscriptSignal_signal_day_version_delete" AFTER DELETE ON "TranscriptSignal"
    REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "transcript_signal_day_versions"();
CREATE TRIGGER "TranscriptSignal_signal_day_version_truncate" AFTER TRUNCATE ON "TranscriptSignal"
    FOR EACH STATEMENT EXECUTE FUNCTION "transcript_signal_day_versions"();
