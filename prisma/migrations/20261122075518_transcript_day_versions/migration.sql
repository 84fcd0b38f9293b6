-- Per-day versions of the search text (schema.prisma, TranscriptDayVersion). Every insert, change
-- or delete of a TranscriptText row, cascaded ones included, gives the day of its sortKey
-- (sortKey / 88473600000, that is 86,400,000 ms x 1024) a new random version, so that a search
-- count cached for the day under an older version is never reused. Random rather than counted
-- up: a restored backup or a re-created table cannot bring back a version the cache has seen
-- with other contents.

-- CreateTable
CREATE TABLE "TranscriptDayVersion" (
    "day" INTEGER NOT NULL PRIMARY KEY,
    "version" BIGINT NOT NULL
);

-- The days that already hold transcripts.
INSERT INTO "TranscriptDayVersion" ("day", "version")
SELECT DISTINCT "sortKey" / 88473600000, abs(random() % 9007199254740991) FROM "TranscriptText";

CREATE TRIGGER "TranscriptText_day_version_insert" AFTER INSERT ON "TranscriptText" BEGIN
    INSERT INTO "TranscriptDayVersion" ("day", "version") VALUES (new."sortKey" / 88473600000, abs(random() % 9007199254740991))
    ON CONFLICT ("day") DO UPDATE SET "version" = excluded."version";
END;

CREATE TRIGGER "TranscriptText_day_version_update" AFTER UPDATE ON "TranscriptText" BEGIN
    INSERT INTO "TranscriptDayVersion" ("day", "version") VALUES (old."sortKey" / 88473600000, abs(random() % 9007199254740991))
    ON CONFLICT ("day") DO UPDATE SET "version" = excluded."version";
    INSERT INTO "TranscriptDayVersion" ("day", "version") VALUES (new."sortKey" / 88473600000, abs(random() % 9007199254740991))
    ON CONFLICT ("day") DO UPDATE SET "version" = excluded."version";
END;

CREATE TRIGGER "TranscriptText_day_version_delete" AFTER DELETE ON "TranscriptText" BEGIN
    INSERT INTO "TranscriptDayVersion" ("day", "version") VALUES (old."sortKey" / 88473600000, abs(random() % 9007199254740991))
    ON CONFLICT ("day") DO UPDATE SET "version" = excluded."version";
END;
