-- CreateTable
CREATE TABLE "TranscriptRating" (
    "feedbackType" TEXT NOT NULL,
    "sortKey" BIGINT NOT NULL,
    "count" INTEGER NOT NULL,

    PRIMARY KEY ("feedbackType", "sortKey"),
    CONSTRAINT "TranscriptRating_sortKey_fkey" FOREIGN KEY ("sortKey") REFERENCES "Transcript" ("sortKey") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "TranscriptRating_sortKey_idx" ON "TranscriptRating"("sortKey");


-- Hand-written: TranscriptRating follows Feedback (lib/server/store/DESIGN.md, "The filtered path").
INSERT INTO "TranscriptRating" ("feedbackType", "sortKey", "count")
SELECT f."feedbackType", t."sortKey", count(*) FROM "Feedback" f JOIN "Transcript" t ON t."id" = f."transcriptId" GROUP BY 1, 2;

CREATE TRIGGER "Feedback_rating_insert" AFTER INSERT ON "Feedback" BEGIN
  INSERT INTO "TranscriptRating" ("feedbackType", "sortKey", "count")
  SELECT NEW."feedbackType", t."sortKey", 1 FROM "Transcript" t WHERE t."id" = NEW."transcriptId"
  ON CONFLICT ("feedbackType", "sortKey") DO UPDATE SET "count" = "count" + 1;
END;

CREATE TRIGGER "Feedback_rating_delete" AFTER DELETE ON "Feedback" BEGIN
  UPDATE "TranscriptRating" SET "count" = "count" - 1
  WHERE "feedbackType" = OLD."feedbackType" AND "sortKey" = (SELECT "sortKey" FROM "Transcript" WHERE "id" = OLD."transcriptId");
  DELETE FROM "TranscriptRating" WHERE "count" <= 0 AND "feedbackType" = OLD."feedbackType"
    AND "sortKey" = (SELECT "sortKey" FROM "Transcript" WHERE "id" = OLD."transcriptId");
END;

CREATE TRIGGER "Feedback_rating_update" AFTER UPDATE OF "feedbackType", "transcriptId" ON "Feedback" BEGIN
  UPDATE "TranscriptRating" SET "count" = "count" - 1
  WHERE "feedbackType" = OLD."feedbackType" AND "sortKey" = (SELECT "sortKey" FROM "Transcript" WHERE "id" = OLD."transcriptId");
  DELETE FROM "TranscriptRating" WHERE "count" <= 0 AND "feedbackType" = OLD."feedbackType"
    AND "sortKey" = (SELECT "sortKey" FROM "Transcript" WHERE "id" = OLD."transcriptId");
  INSERT INTO "TranscriptRating" ("feedbackType", "sortKey", "count")
  SELECT NEW."feedbackType", t."sortKey", 1 FROM "Transcript" t WHERE t."id" = NEW."transcriptId"
  ON CONFLICT ("feedbackType", "sortKey") DO UPDATE SET "count" = "count" + 1;
END;
