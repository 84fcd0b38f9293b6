-- The PostgreSQL database from empty: the tables of prisma/postgres/schema.prisma as Prisma writes
-- them, and, written by hand at the end, what the transcript store adds (lib/server/store/DESIGN.md).

-- CreateTable
CREATE TABLE "User" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT,
    "passwordHash" TEXT,
    "approved" BOOLEAN NOT NULL DEFAULT false,
    "isAdmin" BOOLEAN NOT NULL DEFAULT false,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "emailVerifiedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SsoIdentity" (
    "id" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SsoIdentity_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UserToken" (
    "id" TEXT NOT NULL,
    "purpose" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "email" TEXT,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "UserToken_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Session" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Session_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ThrottleEvent" (
    "id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ThrottleEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TrustedSignInAddress" (
    "userId" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "lastSignInAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TrustedSignInAddress_pkey" PRIMARY KEY ("userId","address")
);

-- CreateTable
CREATE TABLE "Transcript" (
    "id" TEXT NOT NULL,
    "sessionId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "sortKey" BIGINT NOT NULL,
    "device" TEXT,
    "os" TEXT,
    "browser" TEXT,
    "messageCount" INTEGER NOT NULL,
    "durationMs" INTEGER,
    "preview" TEXT NOT NULL,
    "question" TEXT NOT NULL,
    "answer" TEXT NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "properties" TEXT,
    "source" TEXT NOT NULL,

    CONSTRAINT "Transcript_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TranscriptText" (
    "sortKey" BIGINT NOT NULL,
    "text" TEXT NOT NULL,

    CONSTRAINT "TranscriptText_pkey" PRIMARY KEY ("sortKey")
);

-- CreateTable
CREATE TABLE "TranscriptDayVersion" (
    "day" INTEGER NOT NULL,
    "version" BIGINT NOT NULL,

    CONSTRAINT "TranscriptDayVersion_pkey" PRIMARY KEY ("day")
);

-- CreateTable
CREATE TABLE "TranscriptSlotCount" (
    "slot" INTEGER NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "TranscriptSlotCount_pkey" PRIMARY KEY ("slot")
);

-- CreateTable
CREATE TABLE "TranscriptHourAttribute" (
    "dimension" TEXT NOT NULL,
    "hour" INTEGER NOT NULL,
    "value" TEXT NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "TranscriptHourAttribute_pkey" PRIMARY KEY ("dimension","hour","value")
);

-- CreateTable
CREATE TABLE "IngestKey" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "keyHash" TEXT NOT NULL,
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "IngestKey_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Feedback" (
    "id" TEXT NOT NULL,
    "userId" TEXT,
    "transcriptId" TEXT NOT NULL,
    "messageIndex" INTEGER NOT NULL,
    "feedbackType" TEXT NOT NULL,
    "comment" TEXT,
    "reviewStatus" TEXT NOT NULL DEFAULT 'pending',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Feedback_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AuditEvent" (
    "id" TEXT NOT NULL,
    "actorId" TEXT,
    "actorEmail" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "targetType" TEXT NOT NULL,
    "targetId" TEXT,
    "targetLabel" TEXT,
    "details" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AuditEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Source" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "environmentId" TEXT,
    "baseUrl" TEXT,
    "startDate" TEXT NOT NULL,
    "apiKeySealed" TEXT NOT NULL,
    "paused" BOOLEAN NOT NULL DEFAULT false,
    "syncedUntil" TIMESTAMP(3),
    "lastSyncAt" TIMESTAMP(3),
    "activeRunId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Source_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SourceTranscript" (
    "sourceId" TEXT NOT NULL,
    "transcriptId" TEXT NOT NULL,

    CONSTRAINT "SourceTranscript_pkey" PRIMARY KEY ("sourceId","transcriptId")
);

-- CreateTable
CREATE TABLE "Job" (
    "id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "cursor" TEXT NOT NULL,
    "done" INTEGER NOT NULL DEFAULT 0,
    "total" INTEGER,
    "leaseOwner" TEXT,
    "leaseUntil" TIMESTAMP(3),
    "heartbeatAt" TIMESTAMP(3),
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "Job_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SyncRun" (
    "id" TEXT NOT NULL,
    "sourceId" TEXT NOT NULL,
    "trigger" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'running',
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),
    "windowStart" TIMESTAMP(3) NOT NULL,
    "windowEnd" TIMESTAMP(3) NOT NULL,
    "reachedAt" TIMESTAMP(3),
    "pages" INTEGER NOT NULL DEFAULT 0,
    "fetched" INTEGER NOT NULL DEFAULT 0,
    "created" INTEGER NOT NULL DEFAULT 0,
    "updated" INTEGER NOT NULL DEFAULT 0,
    "unchanged" INTEGER NOT NULL DEFAULT 0,
    "rejectedCount" INTEGER NOT NULL DEFAULT 0,
    "rejected" TEXT NOT NULL DEFAULT '[]',
    "error" TEXT,

    CONSTRAINT "SyncRun_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE INDEX "User_approved_createdAt_idx" ON "User"("approved", "createdAt");

-- CreateIndex
CREATE INDEX "SsoIdentity_userId_idx" ON "SsoIdentity"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "SsoIdentity_provider_subject_key" ON "SsoIdentity"("provider", "subject");

-- CreateIndex
CREATE UNIQUE INDEX "UserToken_tokenHash_key" ON "UserToken"("tokenHash");

-- CreateIndex
CREATE INDEX "UserToken_userId_purpose_idx" ON "UserToken"("userId", "purpose");

-- CreateIndex
CREATE INDEX "Session_userId_idx" ON "Session"("userId");

-- CreateIndex
CREATE INDEX "Session_expiresAt_idx" ON "Session"("expiresAt");

-- CreateIndex
CREATE INDEX "ThrottleEvent_key_createdAt_idx" ON "ThrottleEvent"("key", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Transcript_sortKey_key" ON "Transcript"("sortKey");

-- CreateIndex
CREATE INDEX "Transcript_sessionId_sortKey_idx" ON "Transcript"("sessionId", "sortKey");

-- CreateIndex
CREATE UNIQUE INDEX "IngestKey_keyHash_key" ON "IngestKey"("keyHash");

-- CreateIndex
CREATE INDEX "IngestKey_createdAt_idx" ON "IngestKey"("createdAt");

-- CreateIndex
CREATE INDEX "Feedback_createdAt_idx" ON "Feedback"("createdAt");

-- CreateIndex
CREATE INDEX "Feedback_reviewStatus_createdAt_idx" ON "Feedback"("reviewStatus", "createdAt");

-- CreateIndex
CREATE INDEX "Feedback_feedbackType_createdAt_idx" ON "Feedback"("feedbackType", "createdAt");

-- CreateIndex
CREATE INDEX "Feedback_transcriptId_idx" ON "Feedback"("transcriptId");

-- CreateIndex
CREATE UNIQUE INDEX "Feedback_userId_transcriptId_messageIndex_key" ON "Feedback"("userId", "transcriptId", "messageIndex");

-- CreateIndex
CREATE INDEX "AuditEvent_createdAt_idx" ON "AuditEvent"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Source_activeRunId_key" ON "Source"("activeRunId");

-- CreateIndex
CREATE INDEX "SourceTranscript_transcriptId_idx" ON "SourceTranscript"("transcriptId");

-- CreateIndex
CREATE INDEX "Job_status_leaseUntil_idx" ON "Job"("status", "leaseUntil");

-- CreateIndex
CREATE INDEX "SyncRun_sourceId_startedAt_idx" ON "SyncRun"("sourceId", "startedAt");

-- AddForeignKey
ALTER TABLE "SsoIdentity" ADD CONSTRAINT "SsoIdentity_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserToken" ADD CONSTRAINT "UserToken_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Session" ADD CONSTRAINT "Session_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TrustedSignInAddress" ADD CONSTRAINT "TrustedSignInAddress_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TranscriptText" ADD CONSTRAINT "TranscriptText_sortKey_fkey" FOREIGN KEY ("sortKey") REFERENCES "Transcript"("sortKey") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "IngestKey" ADD CONSTRAINT "IngestKey_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Feedback" ADD CONSTRAINT "Feedback_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Feedback" ADD CONSTRAINT "Feedback_transcriptId_fkey" FOREIGN KEY ("transcriptId") REFERENCES "Transcript"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuditEvent" ADD CONSTRAINT "AuditEvent_actorId_fkey" FOREIGN KEY ("actorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SourceTranscript" ADD CONSTRAINT "SourceTranscript_sourceId_fkey" FOREIGN KEY ("sourceId") REFERENCES "Source"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SyncRun" ADD CONSTRAINT "SyncRun_sourceId_fkey" FOREIGN KEY ("sourceId") REFERENCES "Source"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The transcript store's own objects (lib/server/store/DESIGN.md), written by hand: they are not in
-- schema.prisma, and the store is their only reader and writer. The migration runner splits a
-- script at every semicolon, dollar-quoted bodies included: the function bodies below are E''
-- strings with each semicolon written \073.

-- Large values (a transcript's source, the longer search texts) are compressed with lz4 rather
-- than pglz: faster to store and to read back. A column setting holds on every connection.
ALTER TABLE "Transcript" ALTER COLUMN "source" SET COMPRESSION lz4;
ALTER TABLE "TranscriptText" ALTER COLUMN "text" SET COMPRESSION lz4;

-- The word index (lib/server/store/postgres/word-index.ts). SearchWord lists every word ever stored
-- (a word: a run of characters between ASCII characters that are neither letters nor digits,
-- lib/server/store/search-words.ts), and TranscriptText.words holds the ids of its text's words but
-- its dense ones, 0 marking a word not listed (over 100 characters).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE "SearchWord" (
    "id" SERIAL NOT NULL,
    "word" TEXT COLLATE "C" NOT NULL,

    CONSTRAINT "SearchWord_pkey" PRIMARY KEY ("id")
);

-- Exact words and prefixes (C collation: LIKE 'abc%' is a range of this index), fragments of three
-- or more characters (trigrams), and suffixes (reversed words).
CREATE UNIQUE INDEX "SearchWord_word_key" ON "SearchWord"("word");
CREATE INDEX "SearchWord_word_trgm_idx" ON "SearchWord" USING gin ("word" gin_trgm_ops);
CREATE INDEX "SearchWord_reversed_word_idx" ON "SearchWord"(reverse("word"));

ALTER TABLE "TranscriptText" ADD COLUMN "words" INTEGER[] NOT NULL;
CREATE INDEX "TranscriptText_words_idx" ON "TranscriptText" USING gin ("words");

-- Dense words (lib/server/store/postgres/dense-bits.ts): each common word owns one of 512 bits for
-- good, and every text has its bits in eight signed 64-bit columns (bit b in column b / 64, at
-- b % 64), included in the key's index so that counting a range reads the index alone.
CREATE TABLE "DenseWord" (
    "bit" SMALLINT NOT NULL,
    "wordId" INTEGER NOT NULL,
    "dayCounted" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "DenseWord_pkey" PRIMARY KEY ("bit"),
    CONSTRAINT "DenseWord_bit_check" CHECK ("bit" BETWEEN 0 AND 511),
    CONSTRAINT "DenseWord_wordId_fkey" FOREIGN KEY ("wordId") REFERENCES "SearchWord"("id")
);
CREATE UNIQUE INDEX "DenseWord_wordId_key" ON "DenseWord"("wordId");

CREATE TABLE "TranscriptDenseWords" (
    "sortKey" BIGINT NOT NULL,
    "b0" BIGINT NOT NULL DEFAULT 0,
    "b1" BIGINT NOT NULL DEFAULT 0,
    "b2" BIGINT NOT NULL DEFAULT 0,
    "b3" BIGINT NOT NULL DEFAULT 0,
    "b4" BIGINT NOT NULL DEFAULT 0,
    "b5" BIGINT NOT NULL DEFAULT 0,
    "b6" BIGINT NOT NULL DEFAULT 0,
    "b7" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "TranscriptDenseWords_pkey" PRIMARY KEY ("sortKey") INCLUDE ("b0", "b1", "b2", "b3", "b4", "b5", "b6", "b7"),
    CONSTRAINT "TranscriptDenseWords_sortKey_fkey" FOREIGN KEY ("sortKey") REFERENCES "TranscriptText"("sortKey") ON DELETE CASCADE ON UPDATE CASCADE
);

-- For each dense word of three characters or more lying in at most 2,000 listed words when it
-- became dense (dayCounted) and each UTC day, how many of the day's texts hold the word anywhere,
-- inside longer words too (lib/server/store/postgres/dense-day-counts.ts): a search for the word
-- counts its whole days from here. The store moves the counts with every text it writes, and texts
-- deleted with their transcripts are taken out of their day's counts by the trigger below, and
-- TRUNCATE forgets them all.
CREATE TABLE "DenseWordDayCount" (
    "bit" SMALLINT NOT NULL,
    "day" INTEGER NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "DenseWordDayCount_pkey" PRIMARY KEY ("bit", "day") INCLUDE ("count"),
    CONSTRAINT "DenseWordDayCount_bit_fkey" FOREIGN KEY ("bit") REFERENCES "DenseWord"("bit")
);

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

-- The version of each UTC day (day = sortKey / 88473600000, that is 86,400,000 ms x 1024): every
-- insert, change or delete of TranscriptText rows, cascaded ones included, gives the days of their
-- keys a new random version, once per statement, so that a search count cached for a day under an
-- older version is never reused (lib/server/store/search-count-cache.ts). Random rather than
-- counted up: a restored backup or a re-created table cannot bring back a version the cache has
-- seen with other contents. TRUNCATE forgets every version (a day without one holds nothing).
CREATE FUNCTION "transcript_day_version_renew"(VARIADIC "days" INTEGER[]) RETURNS void LANGUAGE sql AS $$
    INSERT INTO "TranscriptDayVersion" ("day", "version")
    SELECT "day", floor(random() * 9007199254740991)::bigint FROM (SELECT DISTINCT unnest("days") AS "day") AS "distinct_days"
    ON CONFLICT ("day") DO UPDATE SET "version" = excluded."version"
$$;

CREATE FUNCTION "transcript_text_day_versions"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
    IF TG_OP = ''INSERT'' THEN
        PERFORM "transcript_day_version_renew"(VARIADIC ARRAY(SELECT ("sortKey" / 88473600000)::integer FROM "new_rows"))\073
    ELSIF TG_OP = ''UPDATE'' THEN
        PERFORM "transcript_day_version_renew"(VARIADIC ARRAY(
            SELECT ("sortKey" / 88473600000)::integer FROM "new_rows" UNION SELECT ("sortKey" / 88473600000)::integer FROM "old_rows"))\073
    ELSIF TG_OP = ''DELETE'' THEN
        PERFORM "transcript_day_version_renew"(VARIADIC ARRAY(SELECT ("sortKey" / 88473600000)::integer FROM "old_rows"))\073
    ELSE
        DELETE FROM "TranscriptDayVersion"\073
    END IF\073
    RETURN NULL\073
END\073
';

CREATE TRIGGER "TranscriptText_day_version_insert" AFTER INSERT ON "TranscriptText"
    REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "transcript_text_day_versions"();
CREATE TRIGGER "TranscriptText_day_version_update" AFTER UPDATE ON "TranscriptText"
    REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "transcript_text_day_versions"();
CREATE TRIGGER "TranscriptText_day_version_delete" AFTER DELETE ON "TranscriptText"
    REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "transcript_text_day_versions"();
CREATE TRIGGER "TranscriptText_day_version_truncate" AFTER TRUNCATE ON "TranscriptText"
    FOR EACH STATEMENT EXECUTE FUNCTION "transcript_text_day_versions"();

-- Search totals count the matches of a run of days grouped by day: told how few days there are,
-- the planner splits that count over parallel workers as it does a plain count.
CREATE STATISTICS "TranscriptText_day_stats" ON ("sortKey" / 88473600000) FROM "TranscriptText";
