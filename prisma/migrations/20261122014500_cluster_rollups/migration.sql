-- The hourly attribute rollup as a WITHOUT ROWID table: clustered by its primary key
-- (dimension, hour, value), a range of hours is one contiguous read that includes the counts,
-- instead of an index walk plus a table lookup per row (hand-written: Prisma cannot express it).
CREATE TABLE "new_TranscriptHourAttribute" (
    "dimension" TEXT NOT NULL,
    "hour" INTEGER NOT NULL,
    "value" TEXT NOT NULL,
    "count" INTEGER NOT NULL,

    PRIMARY KEY ("dimension", "hour", "value")
) WITHOUT ROWID;
INSERT INTO "new_TranscriptHourAttribute" ("dimension", "hour", "value", "count") SELECT "dimension", "hour", "value", "count" FROM "TranscriptHourAttribute";
DROP TABLE "TranscriptHourAttribute";
ALTER TABLE "new_TranscriptHourAttribute" RENAME TO "TranscriptHourAttribute";
