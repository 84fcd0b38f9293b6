-- CreateTable
CREATE TABLE "TranscriptSignalDayVersion" (
    "day" INTEGER NOT NULL PRIMARY KEY,
    "version" BIGINT NOT NULL
);

-- Hand-written: a day's signal version is renewed whenever a signal row of one of its transcripts
-- is written (stored, re-derived by a recompute, deleted with its transcript), so that counts made
-- of the signals alone and cached under it (day-cache.ts) are never taken for another state, while
-- ratings, reviews and notes leave it as it is. Random, as the other day versions are.
CREATE TRIGGER "TranscriptSignal_signal_day_version_insert" AFTER INSERT ON "TranscriptSignal" BEGIN
    INSERT INTO "TranscriptSignalDayVersion" ("day", "version") VALUES (new."sortKey" / 88473600000, abs(random() % 9007199254740991))
    ON CONFLICT ("day") DO UPDATE SET "version" = excluded."version";
END;

CREATE TRIGGER "TranscriptSignal_signal_day_version_update" AFTER UPDATE ON "TranscriptSignal" BEGIN
    INSERT INTO "TranscriptSignalDayVersion" ("day", "version") VALUES (old."sortKey" / 88473600000, abs(random() % 9007199254740991))
    ON CONFLICT ("day") DO UPDATE SET "version" = excluded."version";
    INSERT INTO "TranscriptSignalDayVersion" ("day", "version") VALUES (new."sortKey" / 88473600000, abs(random() % 9007199254740991))
    ON CONFLICT ("day") DO UPDATE SET "version" = excluded."version";
END;

CREATE TRIGGER "TranscriptSignal_signal_day_version_delete" AFTER DELETE ON "TranscriptSignal" BEGIN
    INSERT INTO "TranscriptSignalDayVersion" ("day", "version") VALUES (old."sortKey" / 88473600000, abs(random() % 9007199254740991))
    ON CONFLICT ("day") DO UPDATE SET "version" = excluded."version";
END;
