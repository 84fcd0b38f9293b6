-- PostgreSQL counts a search for a common ("dense") word over whole days from these counts instead
-- of reading an index entry per text of the range (lib/server/transcripts/dense-words.ts): for each
-- dense word and UTC day (day = floor(sortKey / (86,400,000 x 1024))), the number of that day's texts
-- holding the word anywhere, inside longer words too ("discount" in "discounts"), which is what a
-- search for the word finds. Hand-written: PostgreSQL's own objects, not in schema.prisma, kept by
-- the store as it writes texts.

-- Only the dense words a search can count this way have counts (dayCounted): three characters or
-- more, lying in at most 2,000 listed words (a search for a word in more narrows nothing through the
-- word index, see word-index.ts). Words become counted as they become dense, their stored texts
-- counted then. Those that were dense already are left as they are (their searches are counted from
-- the bits of each text, as before): counting them over a large store would hold up this migration.
ALTER TABLE "DenseWord" ADD COLUMN "dayCounted" BOOLEAN NOT NULL DEFAULT false;

CREATE TABLE "DenseWordDayCount" (
    "bit" SMALLINT NOT NULL,
    "day" INTEGER NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "DenseWordDayCount_pkey" PRIMARY KEY ("bit", "day") INCLUDE ("count"),
    CONSTRAINT "DenseWordDayCount_bit_fkey" FOREIGN KEY ("bit") REFERENCES "DenseWord"("bit")
);

-- The store moves the counts with every text it writes. Texts deleted otherwise (with their
-- transcripts, by a cascade) are taken out of their day's counts here, and TRUNCATE forgets them all.
-- The body is an E'' string with each semicolon written \073: the migration runner splits scripts
-- at every semicolon, dollar-quoted bodies included.
CREATE FUNCTION "transcript_text_dense_day_counts"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
    IF TG_OP = ''TRUNCATE'' THEN
        DELETE FROM "DenseWordDayCount"\073
        RETURN NULL\073
    END IF\073
    INSERT INTO "DenseWordDayCount" ("bit", "day", "count")
    SELECT d."bit", (o."sortKey" / 88473600000)::integer, -count(*)
    FROM "old_rows" o
    JOIN "DenseWord" d ON d."dayCounted"
    JOIN "SearchWord" w ON w."id" = d."wordId"
    WHERE strpos(o."text", w."word") > 0
    GROUP BY 1, 2
    ON CONFLICT ("bit", "day") DO UPDATE SET "count" = "DenseWordDayCount"."count" + excluded."count"\073
    RETURN NULL\073
END\073
';

CREATE TRIGGER "TranscriptText_dense_day_counts_delete" AFTER DELETE ON "TranscriptText"
    REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "transcript_text_dense_day_counts"();
CREATE TRIGGER "TranscriptText_dense_day_counts_truncate" AFTER TRUNCATE ON "TranscriptText"
    FOR EACH STATEMENT EXECUTE FUNCTION "transcript_text_dense_day_counts"();
