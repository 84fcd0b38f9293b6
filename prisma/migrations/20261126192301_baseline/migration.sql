-- The SQLite database from empty: the tables of prisma/schema.prisma as Prisma writes them, and,
-- written by hand, what the transcript store adds (lib/server/store/DESIGN.md).

-- CreateTable
CREATE TABLE "User" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "email" TEXT NOT NULL,
    "name" TEXT,
    "passwordHash" TEXT,
    "approved" BOOLEAN NOT NULL DEFAULT false,
    "isAdmin" BOOLEAN NOT NULL DEFAULT false,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "emailVerifiedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "SsoIdentity" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "provider" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "SsoIdentity_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "UserToken" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "purpose" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "email" TEXT,
    "expiresAt" DATETIME NOT NULL,
    "usedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "UserToken_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Session" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSeenAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" DATETIME NOT NULL,
    CONSTRAINT "Session_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ThrottleEvent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "key" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "TrustedSignInAddress" (
    "userId" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "lastSignInAt" DATETIME NOT NULL,

    PRIMARY KEY ("userId", "address"),
    CONSTRAINT "TrustedSignInAddress_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Transcript" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "sessionId" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL,
    "updatedAt" DATETIME NOT NULL,
    "sortKey" BIGINT NOT NULL,
    "device" TEXT,
    "os" TEXT,
    "browser" TEXT,
    "messageCount" INTEGER NOT NULL,
    "durationMs" INTEGER,
    "preview" TEXT NOT NULL,
    "question" TEXT NOT NULL,
    "answer" TEXT NOT NULL,
    "receivedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "properties" TEXT,
    "source" TEXT NOT NULL
);

-- CreateTable
-- Hand-written: its key is an INTEGER PRIMARY KEY, SQLite's rowid, so that the table is clustered by
-- time and the word index (TranscriptWords, below) takes the key as its own rowid.
CREATE TABLE "TranscriptText" (
    "sortKey" INTEGER NOT NULL PRIMARY KEY,
    "text" TEXT NOT NULL,
    CONSTRAINT "TranscriptText_sortKey_fkey" FOREIGN KEY ("sortKey") REFERENCES "Transcript" ("sortKey") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "TranscriptDayVersion" (
    "day" INTEGER NOT NULL PRIMARY KEY,
    "version" BIGINT NOT NULL
);

-- CreateTable
CREATE TABLE "TranscriptSlotCount" (
    "slot" INTEGER NOT NULL PRIMARY KEY,
    "count" INTEGER NOT NULL
);

-- CreateTable
-- Hand-written: WITHOUT ROWID, so that the table is clustered by its key and a range of hours is one
-- contiguous read that includes the counts.
CREATE TABLE "TranscriptHourAttribute" (
    "dimension" TEXT NOT NULL,
    "hour" INTEGER NOT NULL,
    "value" TEXT NOT NULL,
    "count" INTEGER NOT NULL,

    PRIMARY KEY ("dimension", "hour", "value")
) WITHOUT ROWID;

-- CreateTable
CREATE TABLE "IngestKey" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "keyHash" TEXT NOT NULL,
    "createdById" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" DATETIME,
    "revokedAt" DATETIME,
    CONSTRAINT "IngestKey_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Feedback" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT,
    "transcriptId" TEXT NOT NULL,
    "messageIndex" INTEGER NOT NULL,
    "feedbackType" TEXT NOT NULL,
    "comment" TEXT,
    "reviewStatus" TEXT NOT NULL DEFAULT 'pending',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Feedback_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Feedback_transcriptId_fkey" FOREIGN KEY ("transcriptId") REFERENCES "Transcript" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "AuditEvent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "actorId" TEXT,
    "actorEmail" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "targetType" TEXT NOT NULL,
    "targetId" TEXT,
    "targetLabel" TEXT,
    "details" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "AuditEvent_actorId_fkey" FOREIGN KEY ("actorId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Source" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "environmentId" TEXT,
    "baseUrl" TEXT,
    "startDate" TEXT NOT NULL,
    "apiKeySealed" TEXT NOT NULL,
    "paused" BOOLEAN NOT NULL DEFAULT false,
    "syncedUntil" DATETIME,
    "lastSyncAt" DATETIME,
    "activeRunId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "SourceTranscript" (
    "sourceId" TEXT NOT NULL,
    "transcriptId" TEXT NOT NULL,

    PRIMARY KEY ("sourceId", "transcriptId"),
    CONSTRAINT "SourceTranscript_sourceId_fkey" FOREIGN KEY ("sourceId") REFERENCES "Source" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Job" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "kind" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "cursor" TEXT NOT NULL,
    "done" INTEGER NOT NULL DEFAULT 0,
    "total" INTEGER,
    "leaseOwner" TEXT,
    "leaseUntil" DATETIME,
    "heartbeatAt" DATETIME,
    "error" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "finishedAt" DATETIME
);

-- CreateTable
CREATE TABLE "SyncRun" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "sourceId" TEXT NOT NULL,
    "trigger" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'running',
    "startedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" DATETIME,
    "windowStart" DATETIME NOT NULL,
    "windowEnd" DATETIME NOT NULL,
    "reachedAt" DATETIME,
    "pages" INTEGER NOT NULL DEFAULT 0,
    "fetched" INTEGER NOT NULL DEFAULT 0,
    "created" INTEGER NOT NULL DEFAULT 0,
    "updated" INTEGER NOT NULL DEFAULT 0,
    "unchanged" INTEGER NOT NULL DEFAULT 0,
    "rejectedCount" INTEGER NOT NULL DEFAULT 0,
    "rejected" TEXT NOT NULL DEFAULT '[]',
    "error" TEXT,
    CONSTRAINT "SyncRun_sourceId_fkey" FOREIGN KEY ("sourceId") REFERENCES "Source" ("id") ON DELETE CASCADE ON UPDATE CASCADE
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

-- The word index of the store (lib/server/store/sqlite/word-index.ts, DESIGN.md). Hand-written:
-- SQLite's own objects, not in schema.prisma, written and read by the store alone.

-- TranscriptWords: FTS5 with its ascii tokenizer, which splits a text exactly where the store does
-- (lib/server/store/search-words.ts: ASCII characters other than letters and digits separate words,
-- every other character belongs to one), with positions, so that a search of several words reads
-- only the texts holding them one after the other (a phrase). Its rowid is the sortKey, so a MATCH
-- restricted to a rowid range reads only that date range of the index. External content: the
-- triggers below keep it in step with TranscriptText.
CREATE VIRTUAL TABLE "TranscriptWords" USING fts5(
    "text",
    content='TranscriptText',
    content_rowid='sortKey',
    tokenize='ascii',
    columnsize=0
);

-- A larger in-memory buffer before segments are flushed (16 MB), and lazier merges (16 segments of a
-- level before merging them, a forced merge at 64), so that bulk imports write fewer, larger segments.
INSERT INTO "TranscriptWords"("TranscriptWords", rank) VALUES ('hashsize', 16777216);
INSERT INTO "TranscriptWords"("TranscriptWords", rank) VALUES ('automerge', 16);
INSERT INTO "TranscriptWords"("TranscriptWords", rank) VALUES ('crisismerge', 64);

CREATE TRIGGER "TranscriptText_words_insert" AFTER INSERT ON "TranscriptText" BEGIN
    INSERT INTO "TranscriptWords"(rowid, "text") VALUES (new."sortKey", new."text");
END;

CREATE TRIGGER "TranscriptText_words_delete" AFTER DELETE ON "TranscriptText" BEGIN
    INSERT INTO "TranscriptWords"("TranscriptWords", rowid, "text") VALUES ('delete', old."sortKey", old."text");
END;

CREATE TRIGGER "TranscriptText_words_update" AFTER UPDATE ON "TranscriptText" BEGIN
    INSERT INTO "TranscriptWords"("TranscriptWords", rowid, "text") VALUES ('delete', old."sortKey", old."text");
    INSERT INTO "TranscriptWords"(rowid, "text") VALUES (new."sortKey", new."text");
END;

-- SearchWord lists every word ever stored. A search looks up, for each of its words, the listed
-- words that can hold it, then the texts holding them.
CREATE TABLE "SearchWord" (
    "id" INTEGER NOT NULL PRIMARY KEY,
    "word" TEXT NOT NULL
);

-- Exact words and prefixes (GLOB 'abc*' is a range of this index).
CREATE UNIQUE INDEX "SearchWord_word_key" ON "SearchWord"("word");

-- Fragments of three or more characters anywhere in a word (GLOB '*abc*', '*abc').
CREATE VIRTUAL TABLE "SearchWordFragments" USING fts5(
    "word",
    content='SearchWord',
    content_rowid='id',
    tokenize='trigram case_sensitive 1',
    columnsize=0
);

-- Words are only ever added: a word no text holds any more costs a lookup that finds nothing.
CREATE TRIGGER "SearchWord_fragments_insert" AFTER INSERT ON "SearchWord" BEGIN
    INSERT INTO "SearchWordFragments"(rowid, "word") VALUES (new."id", new."word");
END;

-- The version of each UTC day (day = sortKey / 88473600000, that is 86,400,000 ms x 1024) is
-- replaced by a new random one whenever a text of that day is inserted, changed or deleted, so that
-- a search count cached for the day under an older version is never reused
-- (lib/server/store/search-count-cache.ts). Random rather than counted up: a restored backup or a
-- re-created table cannot bring back a version the cache has seen with other contents.
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
