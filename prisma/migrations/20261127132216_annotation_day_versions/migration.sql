-- CreateTable
CREATE TABLE "TranscriptAnnotationDayVersion" (
    "day" INTEGER NOT NULL PRIMARY KEY,
    "version" BIGINT NOT NULL
);

-- Hand-written: a day's annotation version is renewed whenever a review, rating count, note or
-- signal row of one of its transcripts is written, so that counts cached under it (day-cache.ts)
-- are never taken for another state. Random, as the text versions are. A transcript deleted or
-- re-keyed takes its rows with it (cascades), which fires these.
CREATE TRIGGER "TranscriptReview_annotation_day_version_insert" AFTER INSERT ON "TranscriptReview" BEGIN
    INSERT INTO "TranscriptAnnotationDayVersion" ("day", "version") VALUES (new."sortKey" / 88473600000, abs(random() % 9007199254740991))
    ON CONFLICT ("day") DO UPDATE SET "version" = excluded."version";
END;

CREATE TRIGGER "TranscriptReview_annotation_day_version_update" AFTER UPDATE ON "TranscriptReview" BEGIN
    INSERT INTO "TranscriptAnnotationDayVersion" ("day", "version") VALUES (old."sortKey" / 88473600000, abs(random() % 9007199254740991))
    ON CONFLICT ("day") DO UPDATE SET "version" = excluded."version";
    INSERT INTO "TranscriptAnnotationDayVersion" ("day", "version") VALUES (new."sortKey" / 88473600000, abs(random() % 9007199254740991))
    ON CONFLICT ("day") DO UPDATE SET "version" = excluded."version";
END;

CREATE TRIGGER "TranscriptReview_annotation_day_version_delete" AFTER DELETE ON "TranscriptReview" BEGIN
    INSERT INTO "TranscriptAnnotationDayVersion" ("day", "version") VALUES (old."sortKey" / 88473600000, abs(random() % 9007199254740991))
    ON CONFLICT ("day") DO UPDATE SET "version" = excluded."version";
END;

CREATE TRIGGER "TranscriptRating_annotation_day_version_insert" AFTER INSERT ON "TranscriptRating" BEGIN
    INSERT INTO "TranscriptAnnotationDayVersion" ("day", "version") VALUES (new."sortKey" / 88473600000, abs(random() % 9007199254740991))
    ON CONFLICT ("day") DO UPDATE SET "version" = excluded."version";
END;

CREATE TRIGGER "TranscriptRating_annotation_day_version_update" AFTER UPDATE ON "TranscriptRating" BEGIN
    INSERT INTO "TranscriptAnnotationDayVersion" ("day", "version") VALUES (old."sortKey" / 88473600000, abs(random() % 9007199254740991))
    ON CONFLICT ("day") DO UPDATE SET "version" = excluded."version";
    INSERT INTO "TranscriptAnnotationDayVersion" ("day", "version") VALUES (new."sortKey" / 88473600000, abs(random() % 9007199254740991))
    ON CONFLICT ("day") DO UPDATE SET "version" = excluded."version";
END;

CREATE TRIGGER "TranscriptRating_annotation_day_version_delete" AFTER DELETE ON "TranscriptRating" BEGIN
    INSERT INTO "TranscriptAnnotationDayVersion" ("day", "version") VALUES (old."sortKey" / 88473600000, abs(random() % 9007199254740991))
    ON CONFLICT ("day") DO UPDATE SET "version" = excluded."version";
END;

CREATE TRIGGER "TranscriptNote_annotation_day_version_insert" AFTER INSERT ON "TranscriptNote" BEGIN
    INSERT INTO "TranscriptAnnotationDayVersion" ("day", "version") VALUES (new."sortKey" / 88473600000, abs(random() % 9007199254740991))
    ON CONFLICT ("day") DO UPDATE SET "version" = excluded."version";
END;

CREATE TRIGGER "TranscriptNote_annotation_day_version_update" AFTER UPDATE ON "TranscriptNote" BEGIN
    INSERT INTO "TranscriptAnnotationDayVersion" ("day", "version") VALUES (old."sortKey" / 88473600000, abs(random() % 9007199254740991))
    ON CONFLICT ("day") DO UPDATE SET "version" = excluded."version";
    INSERT INTO "TranscriptAnnotationDayVersion" ("day", "version") VALUES (new."sortKey" / 88473600000, abs(random() % 9007199254740991))
    ON CONFLICT ("day") DO UPDATE SET "version" = excluded."version";
END;

CREATE TRIGGER "TranscriptNote_annotation_day_version_delete" AFTER DELETE ON "TranscriptNote" BEGIN
    INSERT INTO "TranscriptAnnotationDayVersion" ("day", "version") VALUES (old."sortKey" / 88473600000, abs(random() % 9007199254740991))
    ON CONFLICT ("day") DO UPDATE SET "version" = excluded."version";
END;

CREATE TRIGGER "TranscriptSignal_annotation_day_version_insert" AFTER INSERT ON "TranscriptSignal" BEGIN
    INSERT INTO "TranscriptAnnotationDayVersion" ("day", "version") VALUES (new."sortKey" / 88473600000, abs(random() % 9007199254740991))
    ON CONFLICT ("day") DO UPDATE SET "version" = excluded."version";
END;

CREATE TRIGGER "TranscriptSignal_annotation_day_version_update" AFTER UPDATE ON "TranscriptSignal" BEGIN
    INSERT INTO "TranscriptAnnotationDayVersion" ("day", "version") VALUES (old."sortKey" / 88473600000, abs(random() % 9007199254740991))
    ON CONFLICT ("day") DO UPDATE SET "version" = excluded."version";
    INSERT INTO "TranscriptAnnotationDayVersion" ("day", "version") VALUES (new."sortKey" / 88473600000, abs(random() % 9007199254740991))
    ON CONFLICT ("day") DO UPDATE SET "version" = excluded."version";
END;

CREATE TRIGGER "TranscriptSignal_annotation_day_version_delete" AFTER DELETE ON "TranscriptSignal" BEGIN
    INSERT INTO "TranscriptAnnotationDayVersion" ("day", "version") VALUES (old."sortKey" / 88473600000, abs(random() % 9007199254740991))
    ON CONFLICT ("day") DO UPDATE SET "version" = excluded."version";
END;
