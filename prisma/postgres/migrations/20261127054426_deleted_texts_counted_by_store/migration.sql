-- Hand-written: the store's own deletions of transcripts (lib/server/store/delete-transcripts.ts)
-- take their texts out of the dense words' day counts themselves, by the texts' words
-- (postgres/deleted-texts.ts), and say so for their transaction with
-- SET LOCAL "portal.deleted_texts_counted" = 'on'. Testing every deleted text against every counted
-- word here took most of a deletion's time. Texts deleted any other way are still counted out here.
CREATE OR REPLACE FUNCTION "transcript_text_dense_day_counts"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
    IF TG_OP = ''TRUNCATE'' THEN
        DELETE FROM "DenseWordDayCount"\073
        RETURN NULL\073
    END IF\073
    IF current_setting(''portal.deleted_texts_counted'', true) = ''on'' THEN
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
